import pytest

from safebus import SafeBus


def test_system_exit_stops_dispatch():
    bus = SafeBus()
    seen = []

    def leave(p):
        raise SystemExit(3)

    bus.subscribe("e", leave)
    bus.subscribe("e", seen.append)
    with pytest.raises(SystemExit):
        bus.emit("e", 1)
    assert seen == []
