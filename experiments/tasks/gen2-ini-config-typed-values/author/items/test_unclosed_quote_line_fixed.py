import pytest

from typedconf import ConfigError, parse_typed


def test_unclosed_quote_line():
    with pytest.raises(ConfigError) as info:
        parse_typed('[s]\na = "open\n')
    assert info.value.lineno == 2
