from eventbus import EventBus


def test_unsubscribe_returns_none():
    bus = EventBus()
    off = bus.subscribe("t", lambda: 1)
    assert off() is None
