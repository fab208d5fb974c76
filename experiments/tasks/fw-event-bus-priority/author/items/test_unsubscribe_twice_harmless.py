from eventbus import EventBus


def test_unsubscribe_twice_harmless():
    bus = EventBus()
    off = bus.subscribe("t", lambda: 1)
    bus.subscribe("t", lambda: 2)
    off()
    off()
    assert bus.emit("t") == [2]
