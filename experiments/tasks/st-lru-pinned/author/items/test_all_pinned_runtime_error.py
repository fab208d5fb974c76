import pytest

from pinned_lru import PinnedLRU


def test_all_pinned_runtime_error():
    c = PinnedLRU(1)
    c.put("a", 1)
    c.pin("a")
    with pytest.raises(RuntimeError):
        c.put("b", 2)
