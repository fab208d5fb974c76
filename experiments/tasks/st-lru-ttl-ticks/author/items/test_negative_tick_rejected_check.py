import pytest

from ttl_cache import TTLCache


def test_negative_tick_rejected_check():
    c = TTLCache(2, 2)
    with pytest.raises(ValueError):
        c.tick(-1)
