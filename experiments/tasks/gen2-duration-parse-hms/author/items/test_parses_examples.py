from durations import parse_duration


def test_parses_examples():
    assert parse_duration("1h30m") == 5400
    assert parse_duration("45s") == 45
    assert parse_duration("2h5s") == 7205
