from durations import parse_duration


def test_leading_zeros():
    assert parse_duration("05m") == 300
    assert parse_duration("90m") == 5400
