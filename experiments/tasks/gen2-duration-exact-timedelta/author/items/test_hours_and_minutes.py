from datetime import timedelta

from durparse import parse_duration


def test_hours_and_minutes():
    assert parse_duration("1h30m") == timedelta(minutes=90)
    assert parse_duration("1w2d") == timedelta(days=9)
