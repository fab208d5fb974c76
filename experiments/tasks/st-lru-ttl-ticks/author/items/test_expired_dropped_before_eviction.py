from ttl_cache import TTLCache


def test_expired_dropped_before_eviction():
    c = TTLCache(2, 2)
    c.put("old", 1)
    c.tick(1)
    c.put("live", 2)
    c.get("old")
    c.tick(1)
    c.put("new", 3)
    assert c.get("live") == 2
    assert c.get("new") == 3
