import pytest

from spans import parse_span


def test_over_limit():
    with pytest.raises(OverflowError):
        parse_span("2d", max_seconds=86400)
