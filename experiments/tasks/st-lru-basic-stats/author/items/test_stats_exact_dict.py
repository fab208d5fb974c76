from lru_cache import LRUCache


def test_stats_exact_dict():
    c = LRUCache(2)
    c.put("a", 1)
    c.get("a")
    c.get("b")
    assert c.stats() == {"hits": 1, "misses": 1, "evictions": 0}
