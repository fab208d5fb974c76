from pinned_lru import PinnedLRU


def test_delete_pinned_frees_slot():
    c = PinnedLRU(1)
    c.put("a", 1)
    c.pin("a")
    assert c.delete("a") is True
    c.put("b", 2)
    assert "b" in c
