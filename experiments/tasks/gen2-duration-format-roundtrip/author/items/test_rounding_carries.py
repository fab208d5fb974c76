from humantime import format_duration


def test_rounding_carries():
    assert format_duration(3599, max_units=1) == "1h"
    assert format_duration(86399, max_units=2) == "1d"
