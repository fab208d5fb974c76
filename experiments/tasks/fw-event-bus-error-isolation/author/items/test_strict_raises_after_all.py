import pytest

from safebus import DispatchError, SafeBus


def test_strict_raises_after_all():
    bus = SafeBus(strict=True)
    seen = []

    def bad(p):
        raise ValueError()

    bus.subscribe("e", bad)
    bus.subscribe("e", seen.append)
    with pytest.raises(DispatchError) as info:
        bus.emit("e", 1)
    assert seen == [1]
    assert len(info.value.errors) == 1
