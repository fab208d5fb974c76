import pytest

from rle import decode


def test_missing_count_raises():
    with pytest.raises(ValueError):
        decode("a2b")
