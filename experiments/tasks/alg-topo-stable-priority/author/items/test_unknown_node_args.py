import pytest

from priority_order import UnknownNodeError, order


def test_unknown_node_args():
    with pytest.raises(UnknownNodeError) as info:
        order(["a", "b"], [("a", "ghost")])
    assert info.value.args == ("ghost",)
