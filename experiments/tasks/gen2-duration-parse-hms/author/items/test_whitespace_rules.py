import pytest

from durations import parse_duration


def test_whitespace_rules():
    assert parse_duration("  10s ") == 10
    with pytest.raises(ValueError):
        parse_duration("1h 30m")
