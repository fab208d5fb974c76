from pubsub import Bus


def test_clear_cancels():
    bus = Bus()
    a = bus.subscribe("t", print)
    b = bus.subscribe("u", print)
    bus.clear("t")
    assert a.active is False
    assert b.active is True
    bus.clear()
    assert b.active is False
