from priority_order import order


def test_generator_edges():
    edges = (e for e in [("a", "c"), ("b", "a")])
    assert order(["c", "b", "a"], edges) == ["b", "a", "c"]
