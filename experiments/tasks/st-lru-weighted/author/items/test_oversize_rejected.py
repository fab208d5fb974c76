import pytest

from weighted_lru import WeightedLRU


def test_oversize_rejected():
    c = WeightedLRU(3)
    c.put("a", 1)
    with pytest.raises(ValueError):
        c.put("b", 2, 4)
    assert "a" in c
    assert c.total_weight == 1
