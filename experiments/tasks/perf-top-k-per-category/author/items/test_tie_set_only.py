from catalog import top_per_category


def test_tie_set_only():
    items = [("x", "pear", 5), ("x", "apple", 5), ("x", "fig", 1)]
    assert sorted(top_per_category(items, 2)["x"]) == ["apple", "pear"]
