from ticket import Ticket


def test_unblock_returns_to_open_check():
    t = Ticket("x")
    t.block("triage")
    t.unblock()
    assert t.state == "open"
