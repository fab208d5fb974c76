import pytest

from strictini import DuplicateKeyError, parse_strict


def test_case_insensitive_duplicate():
    with pytest.raises(DuplicateKeyError):
        parse_strict("[a]\nName = x\nNAME = y\n")
