from order import Order


def test_happy_path_check():
    o = Order(1)
    o.pay()
    o.ship("T1")
    o.deliver()
    assert o.state == "delivered"
