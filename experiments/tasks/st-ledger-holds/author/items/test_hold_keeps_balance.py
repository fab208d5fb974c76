from wallet import Wallet


def test_hold_keeps_balance():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    w.hold("a", 30)
    assert w.balance("a") == 50
    assert w.available("a") == 20
