import pytest

from build_order import CycleError, build_order


def test_self_dependency():
    with pytest.raises(CycleError) as info:
        build_order({"a": ["a"], "b": []})
    assert info.value.cycle == ["a", "a"]
