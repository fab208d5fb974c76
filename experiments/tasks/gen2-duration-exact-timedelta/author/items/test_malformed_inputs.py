import pytest

from durparse import parse_duration


@pytest.mark.parametrize("text", ["", "  ", "5y", "10"])
def test_malformed_inputs(text):
    with pytest.raises(ValueError):
        parse_duration(text)
