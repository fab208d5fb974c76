from eventbus import EventBus


def test_decorator_subscribes():
    bus = EventBus()
    seen = []

    @bus.on("t")
    def handler():
        seen.append(1)

    bus.emit("t")
    assert seen == [1]
