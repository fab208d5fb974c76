from priority_order import order


def test_duplicate_edge_allowed():
    assert order(["b", "a"], [("a", "b"), ("a", "b")]) == ["a", "b"]
