from ttl_cache import TTLCache


def test_expires_at_ttl():
    c = TTLCache(2, 4)
    c.put("k", 1)
    c.tick(3)
    assert c.get("k") == 1
    c.tick(1)
    assert c.get("k") is None
