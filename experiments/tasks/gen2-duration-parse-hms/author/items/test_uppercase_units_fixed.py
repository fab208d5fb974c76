from durations import parse_duration


def test_uppercase_units():
    assert parse_duration("1H30M") == 5400
