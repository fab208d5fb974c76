import pytest

from ledger import Ledger, OverdraftError


def test_negative_limit_rejected():
    led = Ledger()
    led.open_account("a")
    with pytest.raises(OverdraftError):
        led.set_overdraft("a", -1)
