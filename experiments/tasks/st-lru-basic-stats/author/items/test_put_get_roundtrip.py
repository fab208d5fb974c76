from lru_cache import LRUCache


def test_put_get_roundtrip():
    c = LRUCache(2)
    c.put("k", "v")
    assert c.get("k") == "v"
    c.put("k", "w")
    assert c.get("k") == "w"
