import pytest

from durparse import parse_duration


def test_units_out_of_order():
    with pytest.raises(ValueError):
        parse_duration("30m1h")
