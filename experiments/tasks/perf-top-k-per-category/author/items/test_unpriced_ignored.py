from catalog import top_per_category


def test_unpriced_ignored():
    items = [("tools", "saw", 30), ("toys", "kite", None), ("tools", "rake", None)]
    assert top_per_category(items, 3) == {"tools": ["saw"]}
