import pytest

from byte_rle import decode


def test_odd_length_raises():
    with pytest.raises(ValueError):
        decode(b"\x03ab")
