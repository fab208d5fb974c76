import pytest

from humantime import format_duration, parse_duration


@pytest.mark.parametrize("seconds, text", [
    (3661, "1h1m1s"), (86400, "1d"), (90, "1m30s"), (59, "59s"), (3600, "1h"),
    (90061, "1d1h1m1s"), (86460, "1d1m"), (10 * 86400 + 5, "10d5s"),
])
def test_format(seconds, text):
    assert format_duration(seconds) == text


def test_zero():
    assert format_duration(0) == "0s"
    assert format_duration(0, max_units=2) == "0s"


@pytest.mark.parametrize("text, seconds", [
    ("90m", 5400), ("1h30m", 5400), ("0s", 0), ("2d", 172800), ("1d1s", 86401),
    ("100s", 100),
])
def test_parse(text, seconds):
    result = parse_duration(text)
    assert result == seconds and type(result) is int


@pytest.mark.parametrize("text", ["", " 1h", "1h ", "1h 1m", "-5s", "+5s", "5x", "1m1h",
                                  "1s1s", "h", "10"])
def test_parse_rejects(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_format_argument_errors():
    with pytest.raises(ValueError):
        format_duration(-1)
    for bad in (1.5, "60", True, None):
        with pytest.raises(TypeError):
            format_duration(bad)


def test_round_trip():
    for n in list(range(0, 200_000, 97)) + [86399, 86400, 86401, 10**7]:
        assert parse_duration(format_duration(n)) == n


@pytest.mark.parametrize("text, normal", [
    ("90m", "1h30m"), ("3600s", "1h"), ("25h", "1d1h"), ("0m", "0s"), ("1d", "1d"),
])
def test_normalisation(text, normal):
    assert format_duration(parse_duration(text)) == normal


@pytest.mark.parametrize("seconds, k, text", [
    (5400, 1, "2h"), (3599, 1, "1h"), (3661, 2, "1h1m"), (3661, 3, "1h1m1s"),
    (3661, 5, "1h1m1s"), (9000, 1, "3h"), (86399, 2, "1d"), (5340, 1, "1h"),
    (90, 1, "2m"), (89, 1, "1m"), (93784, 2, "1d2h"),
])
def test_max_units_rounds(seconds, k, text):
    assert format_duration(seconds, max_units=k) == text


@pytest.mark.parametrize("k", [0, -1, 1.5, "2", True])
def test_bad_max_units(k):
    with pytest.raises(ValueError):
        format_duration(60, max_units=k)
