import pytest

from ticket import GuardError, Ticket


def test_start_needs_assignee():
    t = Ticket("x")
    with pytest.raises(GuardError):
        t.start()
    assert t.state == "open"
