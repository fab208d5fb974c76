from catalog import top_per_category


def test_tie_order_helper():
    items = [make_item("x", name, 5) for name in ("pear", "apple", "kiwi")]
    assert top_per_category(items, 3) == {"x": ["apple", "kiwi", "pear"]}
