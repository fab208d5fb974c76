import pytest

from order import InvalidTransition, Order


def test_cannot_cancel_shipped():
    o = Order(1)
    o.pay()
    o.ship("T1")
    with pytest.raises(InvalidTransition):
        o.cancel("too late")
    assert o.state == "shipped"
