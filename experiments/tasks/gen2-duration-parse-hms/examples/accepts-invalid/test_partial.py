import pytest

from durations import parse_duration


def test_examples():
    assert parse_duration("1h30m") == 5400
    assert parse_duration("2h5s") == 7205


def test_order_enforced():
    with pytest.raises(ValueError):
        parse_duration("30m1h")


def test_garbage_rejected():
    for bad in ("", "5d", "h", "10", "1h 30m"):
        with pytest.raises(ValueError):
            parse_duration(bad)
