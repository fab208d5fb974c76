from datetime import timedelta

from durparse import parse_duration


def test_milliseconds_unit():
    assert parse_duration("250ms") == timedelta(milliseconds=250)
