import pytest

from priority_order import CycleError, order


def test_two_node_cycle():
    with pytest.raises(CycleError):
        order(["a", "b"], [("a", "b"), ("b", "a")])
