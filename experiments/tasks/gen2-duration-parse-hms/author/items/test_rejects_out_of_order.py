import pytest

from durations import parse_duration


def test_rejects_out_of_order():
    with pytest.raises(ValueError):
        parse_duration("30m1h")
