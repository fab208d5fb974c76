from ticket import Ticket


def test_start_with_assignee():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    assert t.state == "in_progress"
