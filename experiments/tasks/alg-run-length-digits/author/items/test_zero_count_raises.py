import pytest

from rle import decode


def test_zero_count_raises():
    with pytest.raises(ValueError):
        decode("0a")
