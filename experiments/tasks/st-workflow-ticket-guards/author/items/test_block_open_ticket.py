from ticket import Ticket


def test_block_open_ticket():
    t = Ticket("x")
    t.block("triage")
    assert t.state == "blocked"
