from catalog import top_per_category


def test_top_per_category():
    items = [("a", "x", 3), ("b", "y", 7), ("a", "z", 9), ("b", "w", 1)]
    assert top_per_category(items, 1) == {"a": ["z"], "b": ["y"]}
