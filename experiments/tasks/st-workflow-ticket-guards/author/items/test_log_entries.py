from ticket import Ticket


def test_log_entries():
    t = Ticket("x")
    run_happy_path(t)
    assert t.log()[0] == ("start", "open", "in_progress")
