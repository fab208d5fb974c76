from durations import parse_duration, normalise_units


def test_uppercase_units():
    assert parse_duration(normalise_units("1h30m").upper()) == 5400
