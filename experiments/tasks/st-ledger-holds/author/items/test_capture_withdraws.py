from wallet import Wallet


def test_capture_withdraws():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    h = w.hold("a", 40)
    assert w.capture(h) == 10
