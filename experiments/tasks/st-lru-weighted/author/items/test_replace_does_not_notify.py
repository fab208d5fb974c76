from weighted_lru import WeightedLRU


def test_replace_does_not_notify():
    seen = []
    c = WeightedLRU(2, on_evict=lambda k, v: seen.append(k))
    c.put("a", 1)
    c.put("a", 2)
    assert seen == []
