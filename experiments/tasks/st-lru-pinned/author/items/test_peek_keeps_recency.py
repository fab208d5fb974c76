from pinned_lru import PinnedLRU


def test_peek_keeps_recency():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    assert c.peek("a") == 1
    c.put("c", 3)
    assert "a" not in c
