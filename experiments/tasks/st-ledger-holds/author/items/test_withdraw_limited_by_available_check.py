import pytest

from wallet import InsufficientFunds, Wallet


def test_withdraw_limited_by_available_check():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    w.hold("a", 30)
    with pytest.raises(InsufficientFunds):
        w.withdraw("a", 21)
    assert w.withdraw("a", 20) == 30
