import pytest

from order import InvalidTransition, Order


def test_error_attributes():
    order = Order(1)
    with pytest.raises(InvalidTransition) as info:
        order.deliver()
    assert info.value.state == "created"
    assert info.value.action == "deliver"
