import pytest

from wallet import InsufficientFunds, Wallet


def test_hold_over_available_rejected():
    w = Wallet()
    w.open("a")
    w.deposit("a", 10)
    with pytest.raises(InsufficientFunds):
        w.hold("a", 11)
