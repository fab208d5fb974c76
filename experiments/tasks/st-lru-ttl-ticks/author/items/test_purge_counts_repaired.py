from ttl_cache import TTLCache


def test_purge_counts():
    cache = TTLCache(4, 2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.tick(cache.ttl)
    assert cache.purge() == 2
