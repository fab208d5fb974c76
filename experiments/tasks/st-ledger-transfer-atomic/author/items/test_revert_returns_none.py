from bank import Bank


def test_revert_returns_none():
    b = Bank()
    b.open("a", 9)
    b.open("b")
    tx = b.transfer("a", "b", 4)
    assert b.revert(tx) is None
