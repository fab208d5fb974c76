from wallet import Wallet


def test_deposit_and_balance():
    w = Wallet()
    w.open("a")
    assert w.deposit("a", 30) == 30
    assert w.balance("a") == 30
