from pubsub import Bus


def test_cancel_stops_delivery():
    bus = Bus()
    seen = []
    sub = bus.subscribe("t", seen.append)
    sub.cancel()
    bus.publish("t", 1)
    assert seen == []
    assert sub.active is False
