from priority_order import order


def test_listed_order_breaks_ties_check():
    assert order(["c", "b", "a"], [("a", "c")]) == ["b", "a", "c"]
