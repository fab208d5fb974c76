from order import Order


def test_history_length():
    o = Order(1)
    o.pay()
    o.ship("T")
    assert len(o.history()) == 2
