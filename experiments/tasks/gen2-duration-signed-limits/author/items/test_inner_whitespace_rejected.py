import pytest

from spans import parse_span


def test_inner_whitespace_rejected():
    assert parse_span(" 5m ") == 300
    with pytest.raises(ValueError):
        parse_span("1h 30m")
