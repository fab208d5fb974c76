import pytest

from rle import encode


def test_encode_digit_raises():
    with pytest.raises(ValueError):
        encode("a1")
