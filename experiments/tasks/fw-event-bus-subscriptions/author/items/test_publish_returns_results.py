from pubsub import Bus


def test_publish_returns_results():
    bus = Bus()
    bus.subscribe("t", lambda m: m + 1)
    bus.subscribe("t", lambda m: None)
    assert bus.publish("t", 1) == [2, None]
