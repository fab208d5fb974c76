from ttl_cache import TTLCache


def test_len_counts_live():
    c = TTLCache(3, 2)
    c.put("a", 1)
    c.put("b", 2)
    c.tick(2)
    assert len(c) == 0
    assert "a" not in c
