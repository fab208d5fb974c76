import pytest

from plugins import MissingDependency, Registry


def test_missing_dependency_nothing_started():
    calls = []
    reg = Registry()
    reg.register("a", lambda ctx: calls.append("a"))
    reg.register("b", lambda ctx: calls.append("b"), requires=["nope"])
    with pytest.raises(MissingDependency) as info:
        reg.start()
    assert info.value.name == "nope"
    assert calls == []
