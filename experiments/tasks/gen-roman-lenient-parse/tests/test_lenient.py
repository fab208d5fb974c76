import pytest

from lenient import parse_roman


@pytest.mark.parametrize("text, value", [
    ("I", 1), ("IV", 4), ("IX", 9), ("XIV", 14), ("XL", 40), ("XC", 90), ("CD", 400),
    ("CM", 900), ("MCMXCIV", 1994), ("MMMCMXCIX", 3999),
])
def test_standard_values(text, value):
    assert parse_roman(text) == value


@pytest.mark.parametrize("text, value", [
    ("IIII", 4), ("IC", 99), ("MDCCCCX", 1910), ("IIX", 10), ("VX", 5), ("MMMM", 4000),
    ("XIIX", 20),
])
def test_non_standard_values(text, value):
    assert parse_roman(text) == value


def test_case_insensitive():
    assert parse_roman("xiv") == 14
    assert parse_roman("XiV") == 14
    assert parse_roman("mcmxciv") == 1994


def test_outer_whitespace_ignored():
    assert parse_roman(" XIV\n") == 14
    assert parse_roman("\tix ") == 9


@pytest.mark.parametrize("text", ["X IV", "M\tM", "I\nI"])
def test_inner_whitespace_raises(text):
    with pytest.raises(ValueError):
        parse_roman(text)


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_blank_text_raises(text):
    with pytest.raises(ValueError):
        parse_roman(text)


@pytest.mark.parametrize("text, bad", [("X?V", "?"), ("M4", "4"), ("XQV", "Q"), ("XIV.", ".")])
def test_invalid_character_named_in_message(text, bad):
    with pytest.raises(ValueError) as info:
        parse_roman(text)
    assert bad in str(info.value)


@pytest.mark.parametrize("value", [14, None, b"XIV"])
def test_non_str_raises_type_error(value):
    with pytest.raises(TypeError):
        parse_roman(value)
