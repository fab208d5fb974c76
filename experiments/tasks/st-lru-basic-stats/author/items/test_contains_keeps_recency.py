from lru_cache import LRUCache


def test_contains_keeps_recency():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    assert "a" in c
    c.put("c", 3)
    assert "a" not in c
    assert "b" in c
