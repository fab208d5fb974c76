import pytest

from iniconf import ConfigError, parse_ini


def test_malformed_line_number():
    with pytest.raises(ConfigError) as info:
        parse_ini("# c\n\n[a]\nno equals here\n")
    assert info.value.lineno == 4
