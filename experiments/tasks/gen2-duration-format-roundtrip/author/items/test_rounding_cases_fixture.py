from humantime import format_duration


def test_rounding_cases_fixture(rounding_cases):
    for seconds, k, expected in rounding_cases:
        assert format_duration(seconds, max_units=k) == expected
