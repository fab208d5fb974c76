from pubsub import Bus


def test_context_cancels_on_exit():
    bus = Bus()
    with bus.subscribed("t", print) as sub:
        assert sub.active
    assert sub.active is False
