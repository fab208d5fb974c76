from order import Order


def test_history_pairs():
    o = Order(1)
    o.pay()
    o.cancel("x")
    h = o.history()
    assert h == [("created", "paid"), ("paid", "cancelled")]
    h.pop()
    assert len(o.history()) == 2
