import pytest

from order import InvalidTransition, Order


def test_cannot_deliver_unshipped():
    o = Order(1)
    o.pay()
    with pytest.raises(InvalidTransition):
        o.deliver()
    assert o.state == "paid"
