from eventbus import EventBus


def test_ties_keep_subscription_order():
    bus = EventBus()
    for name in ("first", "second", "third"):
        bus.subscribe("t", returning(name))
    assert bus.emit("t") == ["first", "second", "third"]
