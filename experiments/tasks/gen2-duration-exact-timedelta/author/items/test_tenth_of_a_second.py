from datetime import timedelta

from durparse import parse_duration


def test_tenth_of_a_second():
    assert parse_duration("0.1s") == timedelta(microseconds=100_000)
