import pytest

from rle import encode


def test_digit_error_message():
    with pytest.raises(ValueError, match="cannot encode digit '1'"):
        encode("a1")
