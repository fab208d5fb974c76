import pytest

from ticket import Ticket


def test_assign_empty_rejected():
    with pytest.raises(ValueError):
        Ticket("x").assign("")
