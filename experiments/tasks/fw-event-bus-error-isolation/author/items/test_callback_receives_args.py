from safebus import SafeBus


def test_callback_receives_args():
    bus = SafeBus()
    got = []
    err = KeyError("k")

    def bad(p):
        raise err

    bus.subscribe("ev", bad)
    bus.on_error(lambda *args: got.append(args))
    bus.emit("ev")
    assert got == [("ev", bad, err)]
