from safebus import SafeBus


def test_result_unpacks():
    bus = SafeBus()
    bus.subscribe("e", lambda p: None)
    delivered, errors = bus.emit("e")
    assert (delivered, errors) == (1, [])
