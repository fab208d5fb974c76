import pytest

from order import InvalidTransition


def test_error_attributes(order):
    with pytest.raises(InvalidTransition) as info:
        order.deliver()
    assert info.value.state == "created"
    assert info.value.action == "deliver"
