from bank import Bank


def test_ids_consecutive():
    b = Bank()
    b.open("a", 50)
    b.open("b")
    assert b.transfer("a", "b", 1) == 1
    assert b.transfer("a", "b", 1) == 2
