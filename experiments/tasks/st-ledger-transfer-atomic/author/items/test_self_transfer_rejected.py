import pytest

from bank import Bank


def test_self_transfer_rejected():
    b = Bank()
    b.open("a", 50)
    with pytest.raises(ValueError):
        b.transfer("a", "a", 10)
