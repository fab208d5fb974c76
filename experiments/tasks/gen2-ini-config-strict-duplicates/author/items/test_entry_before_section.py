import pytest

from strictini import ConfigError, parse_strict


def test_entry_before_section():
    with pytest.raises(ConfigError):
        parse_strict("x = 1\n[a]\n")
