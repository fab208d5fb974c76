from weighted_lru import WeightedLRU


def test_delete_returns_value():
    c = WeightedLRU(5)
    c.put("a", "A", 2)
    c.put("b", "B", 1)
    assert c.delete("a") == "A"
    assert c.total_weight == 1
