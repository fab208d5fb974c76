from eventbus import EventBus


def test_higher_priority_first():
    bus = EventBus()
    bus.subscribe("t", lambda: "low", priority=1)
    bus.subscribe("t", lambda: "high", priority=5)
    assert bus.emit("t") == ["high", "low"]
