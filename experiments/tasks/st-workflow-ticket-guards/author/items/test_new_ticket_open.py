from ticket import Ticket


def test_new_ticket_open():
    t = Ticket("x")
    assert t.state == "open"
    assert t.assignee is None
