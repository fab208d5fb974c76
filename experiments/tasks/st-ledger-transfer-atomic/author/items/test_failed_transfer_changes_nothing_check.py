import pytest

from bank import Bank, InsufficientFunds


def test_failed_transfer_changes_nothing_check():
    b = Bank()
    b.open("a", 5)
    b.open("b", 1)
    with pytest.raises(InsufficientFunds):
        b.transfer("a", "b", 6)
    assert b.balance("a") == 5
    assert b.balance("b") == 1
    assert b.statement("a") == []
