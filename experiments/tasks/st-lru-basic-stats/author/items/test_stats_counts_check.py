from lru_cache import LRUCache


def test_stats_counts_check():
    c = LRUCache(1)
    c.get("a")
    c.put("a", 1)
    c.get("a")
    c.put("b", 2)
    s = c.stats()
    assert s["hits"] == 1
    assert s["misses"] == 1
    assert s["evictions"] == 1
