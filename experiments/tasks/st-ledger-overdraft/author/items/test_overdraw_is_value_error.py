import pytest

from ledger import Ledger


def test_overdraw_is_value_error():
    led = Ledger()
    led.open_account("a")
    with pytest.raises(ValueError):
        led.withdraw("a", 1)
