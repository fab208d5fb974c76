import pytest

from catalog import top_per_category

ITEMS = [
    ("tools", "hammer", 25),
    ("garden", "hose", 30),
    ("tools", "drill", 120),
    ("tools", "saw", 40),
    ("garden", "rake", 15),
    ("garden", "shovel", 45),
]


def test_top_k_per_category():
    assert top_per_category(ITEMS, 2) == {
        "tools": ["drill", "saw"],
        "garden": ["shovel", "hose"],
    }


def test_k_is_per_category_not_global():
    assert top_per_category(ITEMS, 1) == {"tools": ["drill"], "garden": ["shovel"]}


def test_equal_prices_by_name():
    items = [("x", "pear", 5), ("x", "apple", 5), ("x", "fig", 9), ("x", "kiwi", 5)]
    assert top_per_category(items, 4) == {"x": ["fig", "apple", "kiwi", "pear"]}


def test_key_order_is_first_appearance():
    items = [("zeta", "a", 1), ("alpha", "b", 2), ("mid", "c", 3), ("zeta", "d", 4)]
    assert list(top_per_category(items, 1)) == ["zeta", "alpha", "mid"]


def test_k_bounds():
    assert top_per_category(ITEMS, 10)["garden"] == ["shovel", "hose", "rake"]
    assert top_per_category(ITEMS, 0) == {"tools": [], "garden": []}
    with pytest.raises(ValueError):
        top_per_category(ITEMS, -1)


def test_unpriced_items_ignored():
    items = [("new", "gadget", None), ("old", "lamp", 10), ("old", "vase", None)]
    assert top_per_category(items, 5) == {"old": ["lamp"]}
