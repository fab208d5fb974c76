import pytest

from rle_pairs import decode


def test_zero_count_raises():
    with pytest.raises(ValueError):
        decode([("a", 0)])
