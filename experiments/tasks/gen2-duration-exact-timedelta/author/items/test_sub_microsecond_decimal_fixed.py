import pytest

from durparse import parse_duration


def test_sub_microsecond_decimal():
    with pytest.raises(ValueError):
        parse_duration("0.0000005s")
