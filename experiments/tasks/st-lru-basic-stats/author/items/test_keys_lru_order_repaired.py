from lru_cache import LRUCache


def test_keys_lru_order():
    c = LRUCache(3)
    for k in ["a", "b", "c"]:
        c.put(k, k.upper())
    c.get("a")
    assert c.keys() == ["b", "c", "a"]
