import pytest

from build_order import CycleError, build_order


def test_cycle_raises():
    with pytest.raises(CycleError):
        build_order({"a": ["b"], "b": ["a"]})
