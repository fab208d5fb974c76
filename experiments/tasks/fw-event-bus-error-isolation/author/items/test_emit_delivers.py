from safebus import SafeBus


def test_emit_delivers():
    bus = SafeBus()
    bus.subscribe("e", lambda p: None)

    def bad(p):
        raise ValueError(p)

    bus.subscribe("e", bad)
    result = bus.emit("e", 1)
    assert result.delivered == 1
    assert len(result.errors) == 1
