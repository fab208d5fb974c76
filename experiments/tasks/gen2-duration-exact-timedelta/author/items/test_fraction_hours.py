from datetime import timedelta

from durparse import parse_duration


def test_fraction_hours():
    assert parse_duration("1.5h") == timedelta(minutes=90)
