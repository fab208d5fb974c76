from pinned_lru import PinnedLRU


def test_eviction_makes_room():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.pin("a")
    c.put("c", 3)
    assert len(c) == 2
    assert c.get("c") == 3
