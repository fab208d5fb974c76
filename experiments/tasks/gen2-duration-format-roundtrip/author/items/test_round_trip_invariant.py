from humantime import format_duration, parse_duration


def test_round_trip_invariant():
    for n in range(0, 100_000, 61):
        assert parse_duration(format_duration(n)) == n
