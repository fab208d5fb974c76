from weighted_lru import WeightedLRU


def test_delete_not_notified(evicted):
    c = WeightedLRU(2, on_evict=lambda k, v: evicted.append(k))
    c.put("a", 1)
    c.delete("a")
    assert evicted == []
