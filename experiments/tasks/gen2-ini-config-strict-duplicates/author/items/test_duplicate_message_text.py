import pytest

from strictini import DuplicateKeyError, parse_strict


def test_duplicate_message_text():
    with pytest.raises(DuplicateKeyError, match="duplicate key 'x' in section 'a'"):
        parse_strict("[a]\nx = 1\nx = 2\n")
