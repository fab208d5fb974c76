from pinned_lru import PinnedLRU


def test_pinned_survives_eviction():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.pin("a")
    c.put("c", 3)
    assert "a" in c
    assert "b" not in c
