import pytest

from pinned_lru import CacheFullError, PinnedLRU


def test_all_pinned_raises():
    c = PinnedLRU(1)
    c.put("a", 1)
    c.pin("a")
    with pytest.raises(CacheFullError):
        c.put("b", 2)
    assert "b" not in c
    assert len(c) == 1
