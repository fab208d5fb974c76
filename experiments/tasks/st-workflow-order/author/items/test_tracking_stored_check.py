from order import Order


def test_tracking_stored_check():
    o = Order(1)
    assert o.tracking is None
    o.pay()
    o.ship("ZX9")
    assert o.tracking == "ZX9"
