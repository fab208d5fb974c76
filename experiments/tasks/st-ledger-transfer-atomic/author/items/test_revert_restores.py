from bank import Bank


def test_revert_restores():
    b = Bank()
    b.open("a", 9)
    b.open("b")
    tx = b.transfer("a", "b", 9)
    b.revert(tx)
    assert b.balance("a") == 9
    assert b.balance("b") == 0
