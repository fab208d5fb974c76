from ticket import Ticket


def test_unblock_restores_open_state():
    t = Ticket("x")
    t.assign("ann")
    t.block("waiting for triage")
    t.unblock()
    assert t.state == "open"
