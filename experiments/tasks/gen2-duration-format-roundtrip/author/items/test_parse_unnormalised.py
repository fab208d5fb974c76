from humantime import parse_duration


def test_parse_unnormalised():
    assert parse_duration("90m") == 5400
    assert parse_duration("1h30m") == 5400
