from bank import Bank


def test_statement_entries_check():
    b = Bank()
    b.open("a", 10)
    b.open("b")
    tx = b.transfer("a", "b", 3)
    rows = b.statement("b")
    assert rows == [(tx, 3)]
    rows.append((99, 1))
    assert b.statement("b") == [(tx, 3)]
    assert b.statement("a") == [(tx, -3)]
