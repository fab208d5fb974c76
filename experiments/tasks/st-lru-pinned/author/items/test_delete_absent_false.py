from pinned_lru import PinnedLRU, MISSING


def test_delete_absent_false():
    c = PinnedLRU(1)
    assert c.delete(MISSING) is False
