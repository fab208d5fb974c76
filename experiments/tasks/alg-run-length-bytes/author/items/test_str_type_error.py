import pytest

from byte_rle import decode, encode


def test_str_type_error():
    with pytest.raises(TypeError):
        encode("aab")
    with pytest.raises(TypeError):
        decode("\x03a")
