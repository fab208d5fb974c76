from ttl_cache import TTLCache


def test_rewrite_restarts_lifetime_check():
    c = TTLCache(2, 5)
    c.put("k", 1)
    c.tick(4)
    c.put("k", 2)
    c.tick(4)
    assert c.get("k") == 2
