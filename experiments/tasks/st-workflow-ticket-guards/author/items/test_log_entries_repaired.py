from ticket import Ticket


def test_log_entries():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    t.resolve("done")
    assert t.log() == [
        ("start", "open", "in_progress"),
        ("resolve", "in_progress", "resolved"),
    ]
