import pytest

from durparse import parse_duration


@pytest.mark.parametrize("text", [".25m", "3.h"])
def test_fraction_needs_digits(text):
    with pytest.raises(ValueError):
        parse_duration(text)
