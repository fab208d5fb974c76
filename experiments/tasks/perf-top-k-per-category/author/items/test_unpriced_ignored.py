from catalog import top_per_category


def test_unpriced_ignored():
    items = [("new", "gadget", None), ("old", "lamp", 10), ("old", "vase", None)]
    assert top_per_category(items, 5) == {"old": ["lamp"]}
