import pytest

from lru_cache import LRUCache


def test_rejects_bad_capacity():
    for bad in (0, -3):
        with pytest.raises(ValueError):
            LRUCache(bad)
