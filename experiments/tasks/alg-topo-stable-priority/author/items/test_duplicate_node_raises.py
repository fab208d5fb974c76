import pytest

from priority_order import order


def test_duplicate_node_raises():
    with pytest.raises(ValueError):
        order(["a", "b", "a"], [])
