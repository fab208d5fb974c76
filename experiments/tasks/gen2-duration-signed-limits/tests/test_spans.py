import re

import pytest

from spans import parse_span


def column(excinfo):
    found = re.search(r"column (\d+)", str(excinfo.value))
    assert found, f"no column in {excinfo.value!r}"
    return int(found.group(1))


@pytest.mark.parametrize("text, seconds", [
    ("1d2h", 93600), ("90s", 90), ("1h30m", 5400), ("2d3m4s", 172984), ("0s", 0),
])
def test_components(text, seconds):
    assert parse_span(text) == seconds


@pytest.mark.parametrize("text", ["30m1h", "1s1s", "1h1d", "5x", "1.5h"])
def test_component_rules(text):
    with pytest.raises(ValueError):
        parse_span(text)


def test_sign_applies_to_whole_span():
    assert parse_span("-1h30m") == -5400
    assert parse_span("+5s") == 5
    assert parse_span("-0s") == 0
    for bad in ("1h-30m", "--5s", "+-5s", "5s-"):
        with pytest.raises(ValueError):
            parse_span(bad)


def test_whitespace():
    assert parse_span("  -1h30m \t") == -5400
    for bad in ("1h 30m", "- 5s", "1 h"):
        with pytest.raises(ValueError):
            parse_span(bad)


def test_limit_is_inclusive():
    assert parse_span("1d", max_seconds=86400) == 86400
    assert parse_span("-1d", max_seconds=86400) == -86400
    with pytest.raises(OverflowError):
        parse_span("1d1s", max_seconds=86400)
    with pytest.raises(OverflowError):
        parse_span("-1d1s", max_seconds=86400)
    with pytest.raises(OverflowError):
        parse_span("20000d")


@pytest.mark.parametrize("text, col", [
    ("1h30x", 5), ("x", 1), ("", 1), ("-", 2), ("10", 3), ("   ", 4),
    ("30m1h", 5), ("1h 30m", 4), ("- 5s", 2), ("1h-5m", 3), ("  5s  x", 7),
    ("5s5", 4),
])
def test_error_columns(text, col):
    with pytest.raises(ValueError) as info:
        parse_span(text)
    assert column(info) == col


def test_argument_errors():
    with pytest.raises(TypeError):
        parse_span(90)
    with pytest.raises(TypeError):
        parse_span(None)
    with pytest.raises(ValueError):
        parse_span("5s", max_seconds=-1)
    with pytest.raises(ValueError):
        parse_span("0s", max_seconds=-1)
