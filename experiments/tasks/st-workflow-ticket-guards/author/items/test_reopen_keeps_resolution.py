from ticket import Ticket


def test_reopen_keeps_resolution():
    t = Ticket("x")
    t.assign("ann")
    t.start()
    t.resolve("fixed")
    t.reopen()
    assert t.resolution == "fixed"
