import pytest

from ledger import InsufficientFunds, Ledger


def test_history_skips_failures():
    led = Ledger()
    led.open_account("a")
    led.deposit("a", 10)
    with pytest.raises(InsufficientFunds):
        led.withdraw("a", 50)
    assert led.history("a") == [("deposit", 10, 10)]
