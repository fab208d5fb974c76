from pubsub import Bus


def test_count_active():
    bus = Bus()
    a = bus.subscribe("t", print)
    bus.subscribe("t", print)
    a.cancel()
    assert bus.subscription_count("t") == 1
