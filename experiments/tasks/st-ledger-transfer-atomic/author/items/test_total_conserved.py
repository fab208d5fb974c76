from bank import Bank


def test_total_conserved():
    b = Bank()
    b.open("a", 40)
    b.open("b", 2)
    random_transfers(b, ["a", "b"], count=5)
    assert b.total() == 42
