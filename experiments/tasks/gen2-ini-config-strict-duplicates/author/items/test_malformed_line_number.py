import pytest

from strictini import ConfigError, parse_strict


def test_malformed_line_number():
    with pytest.raises(ConfigError) as info:
        parse_strict("[a]\n\nbroken line\n")
    assert info.value.lineno == 3
    assert "line 3" in str(info.value)
