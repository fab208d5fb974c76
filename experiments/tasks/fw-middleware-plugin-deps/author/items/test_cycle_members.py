import pytest

from plugins import DependencyCycle, Registry


def test_cycle_members():
    reg = Registry()
    reg.register("app", lambda ctx: None, requires=["a"])
    reg.register("a", lambda ctx: None, requires=["b"])
    reg.register("b", lambda ctx: None, requires=["a"])
    with pytest.raises(DependencyCycle) as info:
        reg.start()
    assert sorted(info.value.cycle) == ["a", "b"]
