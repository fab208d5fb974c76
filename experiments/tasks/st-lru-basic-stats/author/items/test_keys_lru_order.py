from lru_cache import LRUCache


def test_keys_lru_order():
    c = LRUCache(3)
    fill(c, ["a", "b", "c"])
    c.get("a")
    assert c.keys() == ["b", "c", "a"]
