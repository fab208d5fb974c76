from safebus import SafeBus


def test_auto_unsubscribe():
    bus = SafeBus(max_failures=1)
    bus.subscribe("e", flaky_handler(fail_times=1))
    bus.emit("e")
    assert bus.emit("e").delivered == 0
