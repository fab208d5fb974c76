from lru_cache import LRUCache


def test_overflow_stays_bounded():
    c = LRUCache(2)
    for i in range(5):
        c.put(i, i)
    assert len(c) <= 2
    assert 4 in c
