from ttl_cache import TTLCache


def test_overwrite_replaces_value():
    c = TTLCache(2, 10)
    c.put("k", 1)
    c.put("k", 2)
    assert c.get("k") == 2
    assert len(c) == 1
