from weighted_lru import WeightedLRU


def test_total_weight_sums():
    c = WeightedLRU(10)
    c.put("a", 1, 2)
    c.put("b", 2, 3)
    c.put("c", 3)
    assert c.total_weight == 6
