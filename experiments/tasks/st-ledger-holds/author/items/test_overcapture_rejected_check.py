import pytest

from wallet import Wallet


def test_overcapture_rejected_check():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    h = w.hold("a", 10)
    with pytest.raises(ValueError):
        w.capture(h, 11)
    assert w.balance("a") == 50
