from humantime import format_duration


def test_half_rounds_up():
    assert format_duration(5400, max_units=1) == "2h"
    assert format_duration(9000, max_units=1) == "3h"
