from lru_cache import LRUCache


def test_missing_returns_default():
    c = LRUCache(2)
    assert c.get("nope") is None
    assert c.get("nope", 42) == 42
