import pytest

from humantime import parse_duration


@pytest.mark.parametrize("text", ["2s3m", "-1m", "4q", ""])
def test_parse_rejects_bad_text(text):
    with pytest.raises(ValueError):
        parse_duration(text)
