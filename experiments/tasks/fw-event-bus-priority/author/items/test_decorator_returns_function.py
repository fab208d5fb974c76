from eventbus import EventBus


def test_decorator_returns_function():
    bus = EventBus()

    @bus.on("t")
    def handler():
        return 7

    assert handler() == 7
    assert bus.emit("t") == [7]
