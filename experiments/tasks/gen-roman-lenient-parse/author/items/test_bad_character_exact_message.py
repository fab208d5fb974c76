import pytest

from lenient import parse_roman


def test_bad_character_exact_message():
    with pytest.raises(ValueError, match=r"^invalid character '\?' in numeral$"):
        parse_roman("X?V")
