from lru_cache import LRUCache


def test_update_when_full_keeps_all():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    c.put("a", 3)
    assert c.get("a") == 3
    assert c.get("b") == 2
    assert c.stats()["evictions"] == 0
