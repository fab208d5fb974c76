import pytest

from strictini import DuplicateKeyError, parse_strict


def test_duplicate_key_lines():
    with pytest.raises(DuplicateKeyError) as info:
        parse_strict("[a]\nx = 1\ny = 2\nx = 3\n")
    assert (info.value.lineno, info.value.first_lineno) == (4, 2)
