from weighted_lru import WeightedLRU


def test_update_marks_most_recent():
    gone = []
    c = WeightedLRU(3, on_evict=lambda k, v: gone.append(k))
    for k in "abc":
        c.put(k, k.upper())
    c.put("a", "A2")
    c.put("d", "D")
    assert gone == ["b"]
    assert c.get("a") == "A2"
