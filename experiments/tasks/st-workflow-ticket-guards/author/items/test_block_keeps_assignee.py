from ticket import Ticket


def test_block_keeps_assignee():
    t = Ticket("x")
    t.assign("ann")
    t.block("waiting")
    assert (t.state, t.assignee) == ("blocked", "ann")
