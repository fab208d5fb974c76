import pytest

from durparse import parse_duration


@pytest.mark.parametrize("text", [".5s", "5.s"])
def test_fraction_needs_digits(text):
    with pytest.raises(ValueError):
        parse_duration(text)
