import pytest

from order import Order


def test_empty_tracking_rejected():
    o = Order(1)
    o.pay()
    with pytest.raises(ValueError):
        o.ship("")
    assert o.state == "paid"
