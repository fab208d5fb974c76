from catalog import top_per_category


def test_first_appearance_order():
    items = [("zeta", "a", 1), ("alpha", "b", 2), ("zeta", "c", 3)]
    assert list(top_per_category(items, 1)) == ["zeta", "alpha"]
