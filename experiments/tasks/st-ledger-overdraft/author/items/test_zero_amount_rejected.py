import pytest

from ledger import Ledger


def test_zero_amount_rejected():
    led = Ledger()
    led.open_account("a")
    with pytest.raises(ValueError):
        led.deposit("a", 0)
