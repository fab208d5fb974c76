from ttl_cache import TTLCache


def test_get_does_not_extend():
    c = TTLCache(2, 3)
    c.put("k", 1)
    c.tick(2)
    assert c.get("k") == 1
    c.tick(1)
    assert c.get("k") is None
