import pytest

from layering import MissingNodeError, layers


def test_missing_node_argument():
    with pytest.raises(MissingNodeError) as info:
        layers({"a": ["ghost"]})
    assert info.value.args[0] == "ghost"
