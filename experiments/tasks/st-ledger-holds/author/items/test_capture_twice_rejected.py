import pytest

from wallet import Wallet


def test_capture_twice_rejected():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    h = w.hold("a", 10)
    w.capture(h)
    with pytest.raises(KeyError):
        w.capture(h)
    assert w.balance("a") == 40
