from pinned_lru import PinnedLRU


def test_put_get_roundtrip():
    c = PinnedLRU(2)
    c.put("k", 1)
    c.put("k", 2)
    assert c.get("k") == 2
    assert c.get("missing", "d") == "d"
    assert len(c) == 1
