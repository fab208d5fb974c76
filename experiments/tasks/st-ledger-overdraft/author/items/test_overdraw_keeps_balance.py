import pytest

from ledger import InsufficientFunds, Ledger


def test_overdraw_keeps_balance():
    led = Ledger()
    led.open_account("a", overdraft_limit=10)
    led.deposit("a", 5)
    with pytest.raises(InsufficientFunds):
        led.withdraw("a", 16)
    assert led.balance("a") == 5
