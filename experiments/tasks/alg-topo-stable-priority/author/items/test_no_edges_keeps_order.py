from priority_order import order


def test_no_edges_keeps_order():
    assert order(["z", "y", "x"], []) == ["z", "y", "x"]
