import pytest

from rle_pairs import decode


def test_multi_char_raises():
    with pytest.raises(ValueError):
        decode([("ab", 2)])
