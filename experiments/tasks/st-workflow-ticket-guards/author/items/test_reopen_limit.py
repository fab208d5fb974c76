import pytest

from ticket import GuardError, Ticket


def test_reopen_limit():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    for _ in range(2):
        t.resolve("r")
        t.reopen()
    t.resolve("r")
    with pytest.raises(GuardError):
        t.reopen()
