import pytest

from build_order import CycleError, build_order


def test_self_dependency_check():
    with pytest.raises(CycleError) as raised:
        build_order({"x": [], "y": ["y"]})
    assert raised.value.cycle == ["y", "y"]
