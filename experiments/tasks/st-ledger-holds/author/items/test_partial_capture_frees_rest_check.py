from wallet import Wallet


def test_partial_capture_frees_rest_check():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    h = w.hold("a", 40)
    assert w.capture(h, 15) == 35
    assert w.available("a") == 35
