import pytest

from bank import Bank, InsufficientFunds


def test_failed_transfer_keeps_id():
    b = Bank()
    b.open("a", 5)
    b.open("b")
    assert b.transfer("a", "b", 2) == 1
    with pytest.raises(InsufficientFunds):
        b.transfer("a", "b", 4)
    assert b.transfer("a", "b", 3) == 2
