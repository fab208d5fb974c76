from safebus import SafeBus


def test_failure_isolated():
    bus = SafeBus()
    seen = []
    err = ValueError("x")

    def bad(p):
        raise err

    bus.subscribe("e", bad)
    bus.subscribe("e", seen.append)
    result = bus.emit("e", 3)
    assert seen == [3]
    assert result.errors == [(bad, err)]
