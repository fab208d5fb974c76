from catalog import top_per_category


def test_ties_by_name():
    items = [("x", "pear", 5), ("x", "apple", 5), ("x", "fig", 9)]
    assert top_per_category(items, 3) == {"x": ["fig", "apple", "pear"]}
