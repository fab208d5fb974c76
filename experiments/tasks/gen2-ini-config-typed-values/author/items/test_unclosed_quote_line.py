import pytest

from typedconf import ConfigError, parse_typed


def test_unclosed_quote_line():
    text = textwrap.dedent("""
        [s]
        a = "open
    """)
    with pytest.raises(ConfigError) as info:
        parse_typed(text)
    assert info.value.lineno == 3
