import pytest

from spans import parse_span


def test_message_format():
    with pytest.raises(ValueError, match=r"^invalid span 'x': column 1$"):
        parse_span("x")
