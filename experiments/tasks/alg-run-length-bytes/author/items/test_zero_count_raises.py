import pytest

from byte_rle import decode


def test_zero_count_raises():
    with pytest.raises(ValueError):
        decode(b"\x00a")
