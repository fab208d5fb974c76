import pytest

from byte_rle import decode


def test_odd_length_message():
    with pytest.raises(ValueError, match="odd length"):
        decode(b"\x03ab")
