import pytest

from durations import parse_duration


def test_error_type_only():
    with pytest.raises(ValueError):
        parse_duration("5d")
