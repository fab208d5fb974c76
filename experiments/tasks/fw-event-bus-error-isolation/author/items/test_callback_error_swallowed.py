from safebus import SafeBus


def test_callback_error_swallowed():
    bus = SafeBus()

    def bad(p):
        raise ValueError()

    def broken_callback(e, h, x):
        raise RuntimeError("callback")

    bus.subscribe("e", bad)
    bus.subscribe("e", lambda p: None)
    bus.on_error(broken_callback)
    result = bus.emit("e")
    assert result.delivered == 1
    assert len(result.errors) == 1
