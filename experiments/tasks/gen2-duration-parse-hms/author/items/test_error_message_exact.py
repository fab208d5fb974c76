import pytest

from durations import parse_duration


def test_error_message_exact():
    with pytest.raises(ValueError, match=r"^invalid duration: '5d'$"):
        parse_duration("5d")
