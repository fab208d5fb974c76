from pinned_lru import PinnedLRU


def test_delete_absent_false():
    c = PinnedLRU(1)
    assert c.delete("never-stored") is False
