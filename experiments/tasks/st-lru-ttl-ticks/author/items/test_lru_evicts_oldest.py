from ttl_cache import TTLCache


def test_lru_evicts_oldest():
    c = TTLCache(2, 50)
    c.put("a", 1)
    c.put("b", 2)
    c.put("c", 3)
    assert "a" not in c
    assert "b" in c and "c" in c
