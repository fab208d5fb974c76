from priority_order import order


def test_mixed_type_nodes():
    assert order([1, "x", None], [("x", 1)]) == ["x", 1, None]
