from weighted_lru import WeightedLRU


def test_on_evict_in_order():
    seen = []
    c = WeightedLRU(2, on_evict=lambda k, v: seen.append((k, v)))
    for i, k in enumerate("abcd"):
        c.put(k, i)
    assert seen == [("a", 0), ("b", 1)]
