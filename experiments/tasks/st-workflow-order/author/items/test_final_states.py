from order import Order


def test_final_states():
    o = Order(1)
    o.pay()
    o.ship("T")
    assert not o.is_final
    o.deliver()
    assert o.is_final
