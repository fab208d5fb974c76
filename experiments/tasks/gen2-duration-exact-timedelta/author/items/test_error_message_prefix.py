import pytest

from durparse import parse_duration


def test_error_message_prefix():
    with pytest.raises(ValueError, match="^invalid duration"):
        parse_duration("5y")
