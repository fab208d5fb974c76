import pytest

from durations import parse_duration


@pytest.mark.parametrize("text", ["5d", "10", "h"])
def test_error_names_input(text):
    with pytest.raises(ValueError) as info:
        parse_duration(text)
    assert text in str(info.value)
