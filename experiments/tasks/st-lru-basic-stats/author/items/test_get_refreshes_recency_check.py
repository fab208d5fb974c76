from lru_cache import LRUCache


def test_get_refreshes_recency_check():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    c.get("a")
    c.put("c", 3)
    assert "a" in c
    assert "b" not in c
    assert "c" in c
