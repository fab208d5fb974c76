from ttl_cache import TTLCache


def test_expires_eventually():
    c = TTLCache(2, 4)
    c.put("k", 1)
    c.tick(10)
    assert c.get("k") is None
