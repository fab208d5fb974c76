from eventbus import EventBus


def test_ties_keep_subscription_order():
    bus = EventBus()
    bus.subscribe("t", lambda: "first")
    bus.subscribe("t", lambda: "second")
    bus.subscribe("t", lambda: "third")
    assert bus.emit("t") == ["first", "second", "third"]
