from ticket import Ticket


def test_block_unblock_in_progress():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    t.block("waiting")
    assert t.state == "blocked"
    t.unblock()
    assert t.state == "in_progress"
