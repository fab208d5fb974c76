from pubsub import Bus


def test_context_cancels_on_error_draft():
    bus = Bus()
    sub = raise_inside(bus.subscribed("t", print), ValueError)
    assert sub.active is False
