from durations import parse_duration


def test_result_is_int():
    assert type(parse_duration("1h1m1s")) is int
