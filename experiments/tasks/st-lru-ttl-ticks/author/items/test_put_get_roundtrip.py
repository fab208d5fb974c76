from ttl_cache import TTLCache


def test_put_get_roundtrip():
    c = TTLCache(2, 10)
    c.put("k", "v")
    assert c.get("k") == "v"
    assert c.get("other", 0) == 0
