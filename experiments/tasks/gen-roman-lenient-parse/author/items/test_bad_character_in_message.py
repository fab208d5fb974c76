import pytest

from lenient import parse_roman


def test_bad_character_in_message():
    with pytest.raises(ValueError) as info:
        parse_roman("X?V")
    assert "?" in str(info.value)
