import pytest

from wallet import Wallet


def test_release_then_capture_rejected():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    h = w.hold("a", 10)
    w.release(h)
    with pytest.raises(KeyError):
        w.capture(h)
    assert w.balance("a") == 50
