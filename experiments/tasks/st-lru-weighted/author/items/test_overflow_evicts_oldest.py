from weighted_lru import WeightedLRU


def test_overflow_evicts_oldest():
    c = WeightedLRU(3)
    for k in "abcd":
        c.put(k, k)
    assert "a" not in c
    assert "d" in c
    assert c.total_weight <= 3
