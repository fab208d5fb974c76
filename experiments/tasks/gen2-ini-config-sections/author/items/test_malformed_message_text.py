import pytest

from iniconf import ConfigError, parse_ini


def test_malformed_message_text():
    with pytest.raises(ConfigError, match=r"^line 2: expected 'key = value'"):
        parse_ini("[a]\nno equals here\n")
