import pytest

from priority_order import CycleError, order


def test_self_loop_cycle():
    with pytest.raises(CycleError):
        order(["a"], [("a", "a")])
