import pytest

from pinned_lru import CacheFullError, PinnedLRU


def test_put_get_len_contains():
    c = PinnedLRU(3)
    c.put("a", 1)
    c.put("a", 2)
    c.put("b", 3)
    assert c.get("a") == 2
    assert c.get("zz") is None
    assert c.get("zz", 0) == 0
    assert len(c) == 2
    assert "b" in c and "zz" not in c


@pytest.mark.parametrize("bad", [0, -1, 1.5, None])
def test_bad_capacity(bad):
    with pytest.raises(ValueError):
        PinnedLRU(bad)


def test_get_and_put_refresh_recency():
    c = PinnedLRU(3)
    for k in "abc":
        c.put(k, k)
    c.get("a")
    c.put("b", "B")
    c.put("d", "d")
    assert "c" not in c
    assert all(k in c for k in "abd")


def test_contains_and_pin_queries_do_not_refresh():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    assert "a" in c
    assert c.is_pinned("a") is False
    c.pin("a")
    c.unpin("a")
    c.put("c", 3)
    assert "a" not in c
    assert "b" in c and "c" in c


def test_pinned_entry_survives_eviction():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.pin("a")
    c.put("c", 3)
    assert "a" in c and "c" in c
    assert "b" not in c
    c.put("d", 4)
    assert "a" in c and "d" in c
    assert "c" not in c


def test_unpinned_entry_evictable_by_recency():
    c = PinnedLRU(3)
    for k in "abc":
        c.put(k, k)
    c.pin("a")
    c.get("b")
    c.unpin("a")
    c.put("d", "d")
    assert "a" not in c
    assert all(k in c for k in "bcd")


def test_pin_unpin_absent_raise_key_error():
    c = PinnedLRU(2)
    with pytest.raises(KeyError):
        c.pin("x")
    with pytest.raises(KeyError):
        c.unpin("x")
    assert "x" not in c
    assert c.is_pinned("x") is False


def test_pin_and_unpin_are_idempotent():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.pin("a")
    c.pin("a")
    assert c.is_pinned("a")
    c.unpin("a")
    c.unpin("a")
    assert not c.is_pinned("a")


def test_peek_does_not_refresh():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    assert c.peek("a") == 1
    assert c.peek("zz", "d") == "d"
    c.put("c", 3)
    assert "a" not in c
    assert "b" in c


def test_all_pinned_raises_and_leaves_cache_unchanged():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.pin("a")
    c.pin("b")
    with pytest.raises(CacheFullError):
        c.put("c", 3)
    assert issubclass(CacheFullError, Exception)
    assert len(c) == 2
    assert "c" not in c
    assert c.peek("a") == 1 and c.peek("b") == 2


def test_update_succeeds_when_all_pinned():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.pin("a")
    c.pin("b")
    c.put("a", 10)
    assert c.get("a") == 10
    assert c.is_pinned("a")
    assert len(c) == 2


def test_delete():
    c = PinnedLRU(2)
    c.put("a", 1)
    c.put("b", 2)
    c.pin("a")
    assert c.delete("a") is True
    assert c.delete("a") is False
    assert c.delete("zz") is False
    assert "a" not in c
    assert len(c) == 1
    c.put("a", 5)
    assert c.is_pinned("a") is False
    c.put("c", 3)
    c.put("d", 4)
    assert "b" not in c and "a" not in c
