from pinned_lru import PinnedLRU


def test_update_pinned_when_full():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.pin("a")
    c.pin("b")
    c.put("b", 20)
    assert c.peek("b") == 20
    assert c.is_pinned("b")
