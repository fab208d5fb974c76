import pytest

from priority_order import UnknownNodeError, order


def test_unknown_node_raises_check():
    with pytest.raises(UnknownNodeError):
        order(["a", "b"], [("a", "ghost")])
