from safebus import SafeBus


def test_delivered_all_ok():
    bus = SafeBus()
    bus.subscribe("e", lambda p: None)
    bus.subscribe("e", lambda p: None)
    assert bus.emit("e").delivered == 2
