from order import Order


def test_refund_only_when_paid():
    a = Order(1)
    a.cancel("no")
    assert a.refund_due is False
    b = Order(2)
    b.pay()
    b.cancel("no")
    assert b.refund_due is True
