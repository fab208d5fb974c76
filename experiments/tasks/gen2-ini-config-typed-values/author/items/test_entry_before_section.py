import pytest

from typedconf import ConfigError, parse_typed


def test_entry_before_section():
    with pytest.raises(ConfigError) as info:
        parse_typed("debug = on\n[s]\n")
    assert info.value.lineno == 1
