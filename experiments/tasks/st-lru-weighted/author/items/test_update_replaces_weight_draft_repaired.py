from weighted_lru import WeightedLRU


def test_update_replaces_weight_draft():
    c = WeightedLRU(10)
    c.put("a", 1, 3)
    c.put("a", 2, 5)
    assert c.total_weight == 5
