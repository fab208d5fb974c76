import pytest

from durparse import parse_duration


def test_sub_microsecond_decimal():
    text = f"{Decimal('0.0000005')}s"
    with pytest.raises(ValueError):
        parse_duration(text)
