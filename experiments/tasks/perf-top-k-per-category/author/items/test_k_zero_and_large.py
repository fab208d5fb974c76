from catalog import top_per_category


def test_k_zero_and_large():
    items = [("a", "x", 1), ("b", "y", 2)]
    assert top_per_category(items, 0) == {"a": [], "b": []}
    assert top_per_category(items, 9) == {"a": ["x"], "b": ["y"]}
