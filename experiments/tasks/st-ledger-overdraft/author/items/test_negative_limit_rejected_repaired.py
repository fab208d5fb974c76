import pytest

from ledger import Ledger


def test_negative_limit_rejected():
    led = Ledger()
    led.open_account("a")
    with pytest.raises(ValueError):
        led.set_overdraft("a", -1)
