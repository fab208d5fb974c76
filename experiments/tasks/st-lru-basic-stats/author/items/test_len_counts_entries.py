from lru_cache import LRUCache


def test_len_counts_entries():
    c = LRUCache(5)
    assert len(c) == 0
    c.put(1, "x")
    c.put(2, "y")
    c.put(1, "z")
    assert len(c) == 2
