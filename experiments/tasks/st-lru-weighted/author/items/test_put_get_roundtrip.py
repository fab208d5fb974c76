from weighted_lru import WeightedLRU


def test_put_get_roundtrip():
    c = WeightedLRU(5)
    c.put("k", "v", 2)
    c.put("k", "w", 2)
    assert c.get("k") == "w"
    assert c.get("nope", 0) == 0
