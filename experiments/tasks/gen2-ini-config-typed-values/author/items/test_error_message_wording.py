import pytest

from typedconf import ConfigError, parse_typed


def test_error_message_wording():
    with pytest.raises(ConfigError, match="^line 1: entry outside a section$"):
        parse_typed("k = v\n")
