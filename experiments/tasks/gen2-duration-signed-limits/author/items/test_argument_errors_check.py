import pytest

from spans import parse_span


def test_argument_errors_check():
    with pytest.raises(TypeError):
        parse_span(60)
    with pytest.raises(ValueError):
        parse_span("1s", max_seconds=-5)
