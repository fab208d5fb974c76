from pubsub import Bus


def test_cancel_twice_harmless():
    bus = Bus()
    sub = bus.subscribe("t", print)
    sub.cancel()
    sub.cancel()
    assert sub.active is False
