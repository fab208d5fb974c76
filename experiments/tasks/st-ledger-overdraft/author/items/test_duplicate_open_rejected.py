import pytest

from ledger import Ledger


def test_duplicate_open_rejected():
    led = Ledger()
    led.open_account("a")
    led.deposit("a", 5)
    with pytest.raises(ValueError):
        led.open_account("a")
    assert led.balance("a") == 5
