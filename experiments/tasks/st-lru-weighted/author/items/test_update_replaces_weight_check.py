from weighted_lru import WeightedLRU


def test_update_replaces_weight_check():
    c = WeightedLRU(8)
    c.put("a", "x", 4)
    c.put("a", "y", 2)
    assert c.total_weight == 2
    assert c.get("a") == "y"
