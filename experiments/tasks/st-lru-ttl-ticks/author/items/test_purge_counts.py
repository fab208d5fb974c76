def test_purge_counts(cache):
    cache.put("a", 1)
    cache.put("b", 2)
    cache.tick(cache.ttl)
    assert cache.purge() == 2
