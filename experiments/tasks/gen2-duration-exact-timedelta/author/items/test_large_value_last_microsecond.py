from datetime import timedelta

from durparse import parse_duration


def test_large_value_last_microsecond():
    result = parse_duration("12345678901.000001s")
    assert result == timedelta(seconds=12345678901, microseconds=1)
