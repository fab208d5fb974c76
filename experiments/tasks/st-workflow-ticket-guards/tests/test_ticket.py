import pytest

from ticket import GuardError, InvalidTransition, Ticket, WorkflowError


def working():
    t = Ticket("bug")
    t.assign("ann")
    t.start()
    return t


def resolved():
    t = working()
    t.resolve("fixed")
    return t


def test_new_ticket_and_assign():
    t = Ticket("bug")
    assert t.state == "open"
    assert t.assignee is None
    t.assign("ann")
    assert t.assignee == "ann"
    for bad in ("", None, 3):
        with pytest.raises(ValueError):
            t.assign(bad)
    assert t.assignee == "ann"


def test_start_requires_assignee():
    t = Ticket("bug")
    with pytest.raises(GuardError):
        t.start()
    assert t.state == "open"
    assert t.log() == []
    t.assign("bo")
    t.start()
    assert t.state == "in_progress"


def test_block_and_unblock_from_in_progress():
    t = working()
    t.block("waiting on vendor")
    assert t.state == "blocked"
    t.unblock()
    assert t.state == "in_progress"


def test_unblock_returns_to_open():
    t = Ticket("bug")
    t.block("needs triage")
    t.unblock()
    assert t.state == "open"
    t.assign("ann")
    t.start()
    t.block("again")
    t.unblock()
    assert t.state == "in_progress"


def test_resolve_requires_resolution():
    t = working()
    for bad in ("", None):
        with pytest.raises(GuardError):
            t.resolve(bad)
    assert t.state == "in_progress"
    t.resolve("patched")
    assert t.state == "resolved"
    assert t.resolution == "patched"


def test_reopen_at_most_twice():
    t = resolved()
    t.reopen()
    t.resolve("fixed again")
    t.reopen()
    t.resolve("fixed for real")
    with pytest.raises(GuardError):
        t.reopen()
    assert t.state == "resolved"
    t.close()
    assert t.state == "closed"


def test_closed_ticket_refuses_everything():
    t = resolved()
    t.close()
    for action in (lambda: t.assign("zed"), t.start, lambda: t.block("x"), t.unblock,
                   lambda: t.resolve("y"), t.reopen, t.close):
        with pytest.raises(InvalidTransition):
            action()
    assert t.state == "closed"
    assert t.assignee == "ann"


@pytest.mark.parametrize("setup,action", [
    (lambda: Ticket("b"), lambda t: t.resolve("x")),
    (lambda: Ticket("b"), lambda t: t.unblock()),
    (lambda: Ticket("b"), lambda t: t.close()),
    (working, lambda t: t.start()),
    (working, lambda t: t.reopen()),
    (resolved, lambda t: t.block("x")),
])
def test_invalid_transitions(setup, action):
    t = setup()
    state, log = t.state, t.log()
    with pytest.raises(InvalidTransition):
        action(t)
    assert (t.state, t.log()) == (state, log)


def test_exception_hierarchy():
    assert issubclass(GuardError, WorkflowError)
    assert issubclass(InvalidTransition, WorkflowError)
    assert issubclass(WorkflowError, Exception)
    with pytest.raises(WorkflowError):
        Ticket("b").start()


def test_log():
    t = Ticket("bug")
    t.assign("ann")
    t.block("wait")
    t.unblock()
    t.start()
    t.resolve("done")
    t.assign("bo")
    assert t.log() == [
        ("block", "open", "blocked"),
        ("unblock", "blocked", "open"),
        ("start", "open", "in_progress"),
        ("resolve", "in_progress", "resolved"),
    ]
