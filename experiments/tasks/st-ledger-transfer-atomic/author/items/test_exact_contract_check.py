import pytest
from bank import Bank
from bank import Bank, InsufficientFunds


def test_exact_contract_check():
    b = Bank()
    b.open('a', 5)
    b.open('b')
    assert b.transfer('a', 'b', 2) == 1
    with pytest.raises(InsufficientFunds):
        b.transfer('a', 'b', 4)
    assert b.transfer('a', 'b', 3) == 2
    b = Bank()
    b.open('a', 9)
    b.open('b')
    tx = b.transfer('a', 'b', 4)
    assert b.revert(tx) is None
