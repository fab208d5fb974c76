import pytest

from spans import parse_span


def test_unit_order_enforced():
    with pytest.raises(ValueError):
        parse_span("30m1h")
