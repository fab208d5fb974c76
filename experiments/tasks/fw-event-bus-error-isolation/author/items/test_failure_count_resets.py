from safebus import SafeBus


def test_failure_count_resets():
    bus = SafeBus(max_failures=2)
    calls = []

    def flaky(p):
        calls.append(p)
        if p == "bad":
            raise ValueError()

    bus.subscribe("e", flaky)
    for p in ["bad", "ok", "bad", "ok", "bad"]:
        bus.emit("e", p)
    bus.emit("e", "ok")
    assert calls == ["bad", "ok", "bad", "ok", "bad", "ok"]
