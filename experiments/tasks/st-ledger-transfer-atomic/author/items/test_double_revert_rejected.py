import pytest

from bank import Bank


def test_double_revert_rejected():
    b = Bank()
    b.open("a", 9)
    b.open("b", 9)
    tx = b.transfer("a", "b", 4)
    b.revert(tx)
    with pytest.raises(ValueError):
        b.revert(tx)
    assert b.balance("a") == 9
