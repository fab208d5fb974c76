from bank import Bank


def test_open_and_balance_check():
    b = Bank()
    b.open("a", 25)
    b.open("b")
    assert b.balance("a") == 25
    assert b.balance("b") == 0
