from pubsub import Bus


def test_subscription_attributes():
    bus = Bus()
    sub = bus.subscribe("t", print)
    assert sub.topic == "t"
    assert sub.handler is print
    assert sub.active is True
