from eventbus import EventBus


def test_unsubscribe_removes():
    bus = EventBus()
    off = bus.subscribe("t", lambda: 1)
    off()
    assert bus.emit("t") == []
