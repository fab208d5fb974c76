from bank import Bank


def test_transfer_moves_funds():
    b = Bank()
    b.open("a", 50)
    b.open("b")
    b.transfer("a", "b", 20)
    assert b.balance("a") == 30
    assert b.balance("b") == 20
