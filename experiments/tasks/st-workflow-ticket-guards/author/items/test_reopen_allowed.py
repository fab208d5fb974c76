from ticket import Ticket


def test_reopen_allowed():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    t.resolve("r")
    t.reopen()
    assert t.state == "in_progress"
