from ttl_cache import TTLCache


def test_purge_after_len():
    c = TTLCache(3, 1)
    c.put("a", 1)
    c.put("b", 2)
    c.tick(1)
    assert len(c) == 0
    assert c.purge() == 2
