import pytest

from rle import decode, encode


def test_non_str_type_error():
    with pytest.raises(TypeError):
        encode(b"aab")
    with pytest.raises(TypeError):
        encode(["a", "a", "b"])
    with pytest.raises(TypeError):
        decode(b"2a1b")
