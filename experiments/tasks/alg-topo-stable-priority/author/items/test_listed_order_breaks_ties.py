from priority_order import order


def test_listed_order_breaks_ties():
    assert order(["c", "b", "a"], [("a", "c")]) == ["b", "a", "c"]
