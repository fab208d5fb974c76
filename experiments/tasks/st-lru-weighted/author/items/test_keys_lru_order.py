from weighted_lru import WeightedLRU


def test_keys_lru_order():
    c = WeightedLRU(5)
    for k in "abc":
        c.put(k, k)
    c.get("a")
    assert c.keys() == ["b", "c", "a"]
