from pinned_lru import PinnedLRU


def test_pin_idempotent():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.pin("a")
    c.pin("a")
    assert c.is_pinned("a") is True
    c.unpin("a")
    assert c.is_pinned("a") is False
