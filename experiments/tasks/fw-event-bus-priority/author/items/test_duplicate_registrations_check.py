from eventbus import EventBus


def test_duplicate_registrations_check():
    bus = EventBus()

    def handler():
        return "h"

    off = bus.subscribe("t", handler)
    bus.subscribe("t", handler)
    assert bus.emit("t") == ["h", "h"]
    off()
    assert bus.emit("t") == ["h"]
