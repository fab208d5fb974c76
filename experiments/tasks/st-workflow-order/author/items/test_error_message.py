import pytest

from order import InvalidTransition, Order


def test_error_message():
    with pytest.raises(InvalidTransition, match="cannot ship"):
        Order(1).ship("T")
