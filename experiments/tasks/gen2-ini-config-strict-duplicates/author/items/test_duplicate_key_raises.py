import pytest

from strictini import DuplicateKeyError, parse_strict


def test_duplicate_key_raises():
    with pytest.raises(DuplicateKeyError):
        parse_strict("[a]\nx = 1\nx = 2\n")
