import pytest

from iniconf import ConfigError, parse_ini


def test_bad_header_fixture(broken_headers):
    for text in broken_headers:
        with pytest.raises(ConfigError):
            parse_ini(text)
