from datetime import timedelta

import pytest

from durparse import parse_duration


@pytest.mark.parametrize("text, expected", [
    ("1h30m", timedelta(minutes=90)),
    ("2d", timedelta(days=2)),
    ("250ms", timedelta(milliseconds=250)),
    ("1w2d", timedelta(days=9)),
    ("1w1d1h1m1s1ms", timedelta(weeks=1, days=1, hours=1, minutes=1, seconds=1,
                                 milliseconds=1)),
])
def test_components(text, expected):
    result = parse_duration(text)
    assert isinstance(result, timedelta)
    assert result == expected


@pytest.mark.parametrize("text", ["30m1h", "1s1s", "1ms1s", "2d1w"])
def test_units_must_decrease(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_ms_is_milliseconds():
    assert parse_duration("5ms") == timedelta(milliseconds=5)
    assert parse_duration("1m5ms") == timedelta(minutes=1, milliseconds=5)


def test_spacing_rules():
    assert parse_duration("1h 30m") == timedelta(minutes=90)
    assert parse_duration("  1h   30m  ") == timedelta(minutes=90)
    for bad in ("1 h", "1h 30 m", "5 ms"):
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_fractions():
    assert parse_duration("1.5h") == timedelta(minutes=90)
    assert parse_duration("0.25s") == timedelta(milliseconds=250)
    for bad in (".5s", "5.s", "1..5s", "1.5.5s"):
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_exact_decimal_values():
    assert parse_duration("0.1s") == timedelta(microseconds=100_000)
    assert parse_duration("12345678901.000001s") == timedelta(
        seconds=12345678901, microseconds=1
    )
    assert parse_duration("0.000001s") == timedelta(microseconds=1)


@pytest.mark.parametrize("text", ["0.0000005s", "0.0001ms", "1.0000001s"])
def test_sub_microsecond_rejected(text):
    with pytest.raises(ValueError):
        parse_duration(text)


@pytest.mark.parametrize("text", ["", "   ", "5y", "10", "h", "1h-5m", "1h,30m"])
def test_malformed(text):
    with pytest.raises(ValueError):
        parse_duration(text)
