import pytest

from ledger import Ledger


def test_negative_amount_rejected():
    led = Ledger()
    led.open_account("a")
    with pytest.raises(ValueError):
        led.deposit("a", -10)
