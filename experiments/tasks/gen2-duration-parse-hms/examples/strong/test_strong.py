import pytest

from durations import parse_duration


def test_examples_are_ints():
    assert parse_duration("1h30m") == 5400
    assert isinstance(parse_duration("45s"), int)
    assert not isinstance(parse_duration("45s"), float)


def test_order_enforced():
    for bad in ("30m1h", "2m2m", "9s1m"):
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_digits():
    assert parse_duration("007s") == 7
    with pytest.raises(ValueError):
        parse_duration("\u0663h")


def test_whitespace():
    assert parse_duration(" 2m ") == 120
    with pytest.raises(ValueError):
        parse_duration("2m 3s")


def test_case():
    assert parse_duration("1M") == 60


def test_message_and_type():
    with pytest.raises(ValueError, match="5x"):
        parse_duration("5x")
    with pytest.raises(TypeError):
        parse_duration(5)
