from priority_order import order


def test_first_node_only():
    assert order(["a", "b", "c"], [("a", "c")])[0] == "a"
