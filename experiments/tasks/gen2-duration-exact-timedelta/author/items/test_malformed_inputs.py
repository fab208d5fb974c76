import pytest

from durparse import parse_duration


@pytest.mark.parametrize("text", ["\t", "3y", "42", "h"])
def test_malformed_inputs(text):
    with pytest.raises(ValueError):
        parse_duration(text)
