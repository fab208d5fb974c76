from pubsub import Bus


def test_cancel_mid_publish():
    bus = Bus()
    seen = []
    later = []
    bus.subscribe("t", lambda m: later[0].cancel())
    later.append(bus.subscribe("t", seen.append))
    bus.publish("t", 1)
    assert seen == []
