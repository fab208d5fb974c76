import pytest

from lru_cache import LRUCache


def test_put_get_and_default():
    c = LRUCache(3)
    c.put("a", 1)
    assert c.get("a") == 1
    assert c.get("zz") is None
    assert c.get("zz", "dflt") == "dflt"
    c.put("a", 2)
    assert c.get("a") == 2
    assert len(c) == 1


def test_evicts_least_recently_used():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    c.put("c", 3)
    assert "a" not in c
    assert c.get("b") == 2 and c.get("c") == 3
    assert len(c) == 2


def test_get_refreshes_recency():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    assert c.get("a") == 1
    c.put("c", 3)
    assert "b" not in c
    assert "a" in c and "c" in c


def test_put_refreshes_recency():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    c.put("a", 10)
    c.put("c", 3)
    assert "b" not in c
    assert c.get("a") == 10


def test_contains_does_not_refresh_or_count():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    assert "a" in c
    assert "zz" not in c
    c.put("c", 3)
    assert "a" not in c
    s = c.stats()
    assert (s["hits"], s["misses"]) == (0, 0)


def test_stats_counts():
    c = LRUCache(1)
    c.get("x")
    c.put("x", 1)
    c.get("x")
    c.get("x")
    c.put("y", 2)
    s = c.stats()
    assert (s["hits"], s["misses"], s["evictions"]) == (2, 1, 1)


def test_update_when_full_does_not_evict():
    c = LRUCache(2)
    c.put("a", 1)
    c.put("b", 2)
    c.put("b", 3)
    c.put("a", 4)
    assert len(c) == 2
    assert c.get("a") == 4 and c.get("b") == 3
    s = c.stats()
    assert s["evictions"] == 0
    assert (s["hits"], s["misses"]) == (2, 0)


@pytest.mark.parametrize("bad", [0, -1, 2.5, "3"])
def test_bad_capacity(bad):
    with pytest.raises(ValueError):
        LRUCache(bad)


def test_keys_order():
    c = LRUCache(3)
    c.put("a", 1)
    c.put("b", 2)
    c.put("c", 3)
    c.get("a")
    c.put("b", 20)
    assert c.keys() == ["c", "a", "b"]
