from lru_cache import LRUCache


def test_stats_snapshot_check():
    c = LRUCache(2)
    c.get("a")
    c.stats()["misses"] = 99
    assert c.stats()["misses"] == 1
