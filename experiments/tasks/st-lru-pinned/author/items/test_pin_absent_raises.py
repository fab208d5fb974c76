import pytest

from pinned_lru import PinnedLRU


def test_pin_absent_raises():
    c = PinnedLRU(2)
    with pytest.raises(KeyError):
        c.pin("ghost")
