import pytest

from build_order import CycleError, build_order


def test_exact_cycle():
    with pytest.raises(CycleError) as info:
        build_order({"a": ["b"], "b": ["a"]})
    assert info.value.cycle == ["a", "b", "a"]
