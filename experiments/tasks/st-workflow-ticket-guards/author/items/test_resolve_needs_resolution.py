import pytest

from ticket import GuardError, Ticket


def test_resolve_needs_resolution():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    with pytest.raises(GuardError):
        t.resolve("")
    assert t.state == "in_progress"
