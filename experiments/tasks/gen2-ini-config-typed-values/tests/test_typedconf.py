import math

import pytest

from typedconf import ConfigError, parse_typed


def one(value):
    return parse_typed(f"[s]\nk = {value}\n")["s"]["k"]


def test_sections_keys_and_plain_strings():
    text = "[Server]\nHostName = example.org\n# c\n; c\n\nurl = http://x/?a=b\n"
    assert parse_typed(text) == {
        "Server": {"HostName": "example.org", "url": "http://x/?a=b"},
    }


@pytest.mark.parametrize("raw, expected", [
    ("true", True), ("Yes", True), ("ON", True), ("false", False), ("No", False),
    ("oFF", False),
])
def test_booleans(raw, expected):
    assert one(raw) is expected


@pytest.mark.parametrize("raw, expected", [
    ("42", 42), ("-5", -5), ("+5", 5), ("007", 7), ("-0", 0), ("12345678901234567890",
                                                              12345678901234567890),
])
def test_integers(raw, expected):
    value = one(raw)
    assert value == expected and type(value) is int


@pytest.mark.parametrize("raw", ["1_000", "\u0661\u0662", "\uff11\uff12", "0x1F", "1 000",
                                 "--5", "5-"])
def test_not_integers(raw):
    assert one(raw) == raw


@pytest.mark.parametrize("raw, expected", [
    ("1.5", 1.5), ("-0.25", -0.25), ("2.0e-3", 0.002), ("+3.0E2", 300.0), ("10.01", 10.01),
])
def test_floats(raw, expected):
    value = one(raw)
    assert type(value) is float and math.isclose(value, expected)


@pytest.mark.parametrize("raw", [".5", "5.", "1e5", "nan", "inf", "-inf", "1.5e", "1._5",
                                 "Infinity"])
def test_not_floats(raw):
    assert one(raw) == raw


def test_quoted_values_are_strings():
    assert one('"42"') == "42"
    assert one('"true"') == "true"
    assert one('""') == ""
    assert one('"  padded  "') == "  padded  "


def test_empty_value_is_none():
    assert one("") is None
    assert parse_typed("[s]\nk =   \n")["s"]["k"] is None


@pytest.mark.parametrize("text, lineno", [
    ("k = 1\n", 1),
    ("[s]\n\nnot an entry\n", 3),
    ('[s]\na = 1\nb = "open\n', 3),
    ('[s]\nb = "\n', 2),
])
def test_errors(text, lineno):
    with pytest.raises(ConfigError) as info:
        parse_typed(text)
    assert info.value.lineno == lineno
    assert isinstance(info.value, ValueError)
