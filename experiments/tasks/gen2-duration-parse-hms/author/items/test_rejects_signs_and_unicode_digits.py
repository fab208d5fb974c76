import pytest

from durations import parse_duration


@pytest.mark.parametrize("text", ["-5s", "+5s", "\u0663h"])
def test_rejects_signs_and_unicode_digits(text):
    with pytest.raises(ValueError):
        parse_duration(text)
