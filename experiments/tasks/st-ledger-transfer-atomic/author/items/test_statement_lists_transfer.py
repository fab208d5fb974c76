from bank import Bank


def test_statement_lists_transfer():
    b = Bank()
    b.open("a", 10)
    b.open("b")
    b.transfer("a", "b", 3)
    assert b.statement("a") == [(1, -3)]
