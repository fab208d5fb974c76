from humantime import parse_duration


def test_parse_uppercase_units():
    assert parse_duration("1H30M") == 5400
