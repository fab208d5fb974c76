import pytest

from wallet import Wallet


def test_bad_amount_rejected():
    w = Wallet()
    w.open("a")
    with pytest.raises(ValueError):
        w.deposit("a", 0)
    assert w.balance("a") == 0
