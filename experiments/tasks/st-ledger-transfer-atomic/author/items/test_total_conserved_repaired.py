from bank import Bank


def test_total_conserved():
    b = Bank()
    b.open("a", 40)
    b.open("b", 2)
    tx = b.transfer("a", "b", 30)
    b.transfer("b", "a", 2)
    b.revert(tx)
    assert b.total() == 42
