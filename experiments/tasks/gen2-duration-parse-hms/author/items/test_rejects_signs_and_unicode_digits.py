import pytest

from durations import parse_duration


@pytest.mark.parametrize("text", ["-1m", "+2h", "\u0665s"])
def test_rejects_signs_and_unicode_digits(text):
    with pytest.raises(ValueError):
        parse_duration(text)
