import pytest

from ttl_cache import TTLCache


def test_put_get_and_default():
    c = TTLCache(3, 5)
    c.put("a", 1)
    assert c.get("a") == 1
    assert c.get("b") is None
    assert c.get("b", "d") == "d"


def test_clock_starts_at_zero_and_ticks():
    c = TTLCache(2, 5)
    assert c.now == 0
    c.tick()
    assert c.now == 1
    c.tick(3)
    c.tick(0)
    assert c.now == 4


def test_expires_exactly_at_ttl():
    c = TTLCache(3, 3)
    c.put("a", 1)
    c.tick(2)
    assert c.get("a") == 1
    c.tick(1)
    assert c.get("a", "gone") == "gone"


def test_expiry_counts_from_write_time():
    c = TTLCache(3, 3)
    c.tick(5)
    c.put("a", 1)
    c.tick(2)
    assert c.get("a") == 1
    c.tick(1)
    assert c.get("a") is None


def test_rewrite_restarts_lifetime():
    c = TTLCache(3, 3)
    c.put("a", 1)
    c.tick(2)
    c.put("a", 2)
    c.tick(2)
    assert c.get("a") == 2
    c.tick(1)
    assert c.get("a") is None


def test_get_does_not_extend_lifetime():
    c = TTLCache(3, 3)
    c.put("a", 1)
    c.tick(1)
    assert c.get("a") == 1
    c.tick(1)
    assert c.get("a") == 1
    c.tick(1)
    assert c.get("a") is None


def test_lru_eviction_among_live_entries():
    c = TTLCache(2, 100)
    c.put("a", 1)
    c.put("b", 2)
    c.get("a")
    c.put("c", 3)
    assert "b" not in c
    assert c.get("a") == 1 and c.get("c") == 3


def test_expired_entries_dropped_before_evicting_live_one():
    c = TTLCache(2, 3)
    c.put("a", 1)
    c.tick(1)
    c.put("b", 2)
    c.tick(1)
    assert c.get("a") == 1
    c.tick(1)
    c.put("c", 3)
    assert c.get("b") == 2
    assert c.get("c") == 3


def test_len_and_contains_count_live_entries():
    c = TTLCache(5, 2)
    c.put("a", 1)
    c.tick(1)
    c.put("b", 2)
    assert len(c) == 2
    c.tick(1)
    assert "a" not in c
    assert "b" in c
    assert len(c) == 1


def test_negative_tick_rejected():
    c = TTLCache(2, 2)
    c.tick(2)
    with pytest.raises(ValueError):
        c.tick(-1)
    assert c.now == 2


@pytest.mark.parametrize("cap,ttl", [(0, 1), (1, 0), (-2, 3), (2, -1)])
def test_bad_constructor_arguments(cap, ttl):
    with pytest.raises(ValueError):
        TTLCache(cap, ttl)


def test_purge_returns_dropped_count():
    c = TTLCache(5, 2)
    c.put("a", 1)
    c.put("b", 2)
    c.tick(1)
    c.put("c", 3)
    c.tick(1)
    assert c.purge() == 2
    assert c.purge() == 0
    assert c.get("c") == 3
