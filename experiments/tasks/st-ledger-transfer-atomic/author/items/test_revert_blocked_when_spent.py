import pytest

from bank import Bank, InsufficientFunds


def test_revert_blocked_when_spent():
    b = Bank()
    for name, amount in (("a", 10), ("b", 0), ("c", 0)):
        b.open(name, amount)
    tx = b.transfer("a", "b", 10)
    b.transfer("b", "c", 10)
    with pytest.raises(InsufficientFunds):
        b.revert(tx)
    assert b.balance("b") == 0
    assert b.balance("a") == 0
