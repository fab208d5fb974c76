import pytest

from plugins import DependencyCycle, Registry


def test_cycle_exact_order():
    reg = Registry()
    reg.register("a", lambda ctx: None, requires=["b"])
    reg.register("b", lambda ctx: None, requires=["c"])
    reg.register("c", lambda ctx: None, requires=["a"])
    with pytest.raises(DependencyCycle) as info:
        reg.start()
    assert info.value.cycle == ["a", "b", "c"]
