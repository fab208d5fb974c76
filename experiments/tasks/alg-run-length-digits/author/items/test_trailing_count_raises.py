import pytest

from rle import decode


def test_trailing_count_raises():
    with pytest.raises(ValueError):
        decode("3a2")
