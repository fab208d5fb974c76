import pytest

from spans import parse_span


@pytest.mark.parametrize("text", ["2m5q", "25"])
def test_malformed_value_error(text):
    with pytest.raises(ValueError):
        parse_span(text)
