import pytest

from ticket import InvalidTransition, Ticket


def test_closed_refuses_assign():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    t.resolve("r")
    t.close()
    with pytest.raises(InvalidTransition):
        t.assign("bo")
    assert t.assignee == "ann"
