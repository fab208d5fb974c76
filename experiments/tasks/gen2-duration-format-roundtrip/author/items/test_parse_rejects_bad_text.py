import pytest

from humantime import parse_duration


@pytest.mark.parametrize("text", ["", "1m1h", "1h 1m", "-5s", "5x"])
def test_parse_rejects_bad_text(text):
    with pytest.raises(ValueError):
        parse_duration(text)
