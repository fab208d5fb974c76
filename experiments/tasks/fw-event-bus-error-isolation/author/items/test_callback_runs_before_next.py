from safebus import SafeBus


def test_callback_runs_before_next():
    bus = SafeBus()
    log = []

    def bad(p):
        raise ValueError()

    bus.subscribe("e", bad)
    bus.subscribe("e", lambda p: log.append("handler"))
    bus.on_error(lambda e, h, x: log.append("callback"))
    bus.emit("e")
    assert log == ["callback", "handler"]
