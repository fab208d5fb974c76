import pytest

from ledger import InsufficientFunds, Ledger


def test_lower_limit_blocks():
    led = Ledger()
    led.open_account("a", overdraft_limit=30)
    led.withdraw("a", 20)
    led.set_overdraft("a", 10)
    assert led.balance("a") == -20
    with pytest.raises(InsufficientFunds):
        led.withdraw("a", 1)
