import pytest

from durations import parse_duration


@pytest.mark.parametrize(
    "text, seconds",
    [("1h30m", 5400), ("45s", 45), ("2h5s", 7205), ("1h1m1s", 3661), ("0s", 0),
     ("3m", 180)],
)
def test_valid_durations(text, seconds):
    result = parse_duration(text)
    assert result == seconds
    assert type(result) is int


@pytest.mark.parametrize("text", ["30m1h", "1m2m", "1s1h", "5s5s", "1h1h"])
def test_order_and_uniqueness(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_leading_zeros_and_large_components():
    assert parse_duration("05m") == 300
    assert parse_duration("90m") == 5400
    assert parse_duration("100000s") == 100000


@pytest.mark.parametrize("text", ["+5s", "-5s", "1.5h", "\u0665s", "\uff15m"])
def test_only_ascii_digits(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_outer_whitespace_ignored():
    assert parse_duration("  1h30m\t\n") == 5400


@pytest.mark.parametrize("text", ["1h 30m", "1 h", "1h\t5s"])
def test_inner_whitespace_invalid(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_units_case_insensitive():
    assert parse_duration("1H30M") == 5400
    assert parse_duration("2h5S") == 7205


@pytest.mark.parametrize("text", ["", "   ", "5d", "10", "h", "1hx", "m5"])
def test_invalid_messages_name_the_input(text):
    with pytest.raises(ValueError) as info:
        parse_duration(text)
    if text.strip():
        assert text in str(info.value)


@pytest.mark.parametrize("value", [90, None, b"1h"])
def test_non_string_is_type_error(value):
    with pytest.raises(TypeError):
        parse_duration(value)
