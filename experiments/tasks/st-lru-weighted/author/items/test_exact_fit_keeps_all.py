from weighted_lru import WeightedLRU


def test_exact_fit_keeps_all():
    c = WeightedLRU(3)
    c.put("a", 1)
    c.put("b", 2)
    c.put("c", 3)
    assert len(c) == 3
    assert c.total_weight == 3
