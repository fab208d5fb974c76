import pytest

from weighted_lru import WeightedLRU


def test_put_get_default_and_total():
    c = WeightedLRU(10)
    c.put("a", "A", 3)
    c.put("b", "B")
    assert c.get("a") == "A"
    assert c.get("zz") is None
    assert c.get("zz", 7) == 7
    assert c.total_weight == 4
    assert len(c) == 2 and "b" in c


def test_exact_fit_evicts_nothing():
    c = WeightedLRU(5)
    c.put("a", 1, 2)
    c.put("b", 2, 3)
    assert c.keys() == ["a", "b"]
    assert c.total_weight == 5


def test_evicts_oldest_until_fit():
    evicted = []
    c = WeightedLRU(6, on_evict=lambda k, v: evicted.append((k, v)))
    c.put("a", 1, 2)
    c.put("b", 2, 2)
    c.put("c", 3, 2)
    c.put("d", 4, 4)
    assert evicted == [("a", 1), ("b", 2)]
    assert c.keys() == ["c", "d"]
    assert c.total_weight == 6


def test_get_refreshes_recency():
    c = WeightedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.get("a")
    c.put("c", 3)
    assert c.keys() == ["a", "c"]


def test_update_replaces_weight():
    c = WeightedLRU(10)
    c.put("a", 1, 3)
    c.put("a", 2, 4)
    assert c.total_weight == 4
    assert c.get("a") == 2
    c.put("a", 3, 1)
    assert c.total_weight == 1


def test_update_marks_most_recent_and_never_evicts_itself():
    evicted = []
    c = WeightedLRU(4, on_evict=lambda k, v: evicted.append(k))
    c.put("a", 1, 2)
    c.put("b", 2, 2)
    c.put("a", 10, 3)
    assert evicted == ["b"]
    assert c.keys() == ["a"]
    assert c.get("a") == 10
    c2 = WeightedLRU(3)
    c2.put("x", 1)
    c2.put("y", 1)
    c2.put("x", 5)
    c2.put("z", 1)
    c2.put("w", 1)
    assert c2.keys() == ["x", "z", "w"]


@pytest.mark.parametrize("bad", [0, -2, 1.5, "3"])
def test_bad_weights(bad):
    with pytest.raises(ValueError):
        WeightedLRU(bad)
    c = WeightedLRU(5)
    with pytest.raises(ValueError):
        c.put("a", 1, bad)
    assert len(c) == 0


def test_too_heavy_entry_leaves_cache_unchanged():
    c = WeightedLRU(4)
    c.put("a", "A", 2)
    c.put("b", "B", 2)
    with pytest.raises(ValueError):
        c.put("c", "C", 5)
    with pytest.raises(ValueError):
        c.put("a", "new", 9)
    assert c.keys() == ["a", "b"]
    assert c.get("a") == "A"
    assert c.total_weight == 4


def test_on_evict_not_called_for_replace_or_delete():
    evicted = []
    c = WeightedLRU(3, on_evict=lambda k, v: evicted.append((k, v)))
    c.put("a", 1)
    c.put("a", 2)
    c.put("b", 3)
    assert c.delete("b") == 3
    assert evicted == []
    c.put("c", 4, 3)
    assert evicted == [("a", 2)]


def test_delete():
    c = WeightedLRU(5)
    c.put("a", "A", 3)
    c.put("b", "B", 2)
    assert c.delete("a") == "A"
    assert c.total_weight == 2
    assert "a" not in c
    with pytest.raises(KeyError):
        c.delete("a")
    c.put("c", "C", 3)
    assert c.keys() == ["b", "c"]


def test_keys_order():
    c = WeightedLRU(10)
    for k in "abcd":
        c.put(k, k)
    c.get("b")
    c.put("a", "A")
    assert c.keys() == ["c", "d", "b", "a"]
