from eventbus import EventBus


def test_emit_calls_handler():
    bus = EventBus()
    bus.subscribe("t", lambda x: x + 1)
    assert emitted(bus, "t", 1) == [2]
