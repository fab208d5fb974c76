import pytest

from weighted_lru import WeightedLRU


def test_oversize_message():
    c = WeightedLRU(3)
    with pytest.raises(ValueError, match="exceeds max_weight"):
        c.put("b", 2, 4)
