from wallet import Wallet


def test_hold_id_is_one():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    assert w.hold("a", 5) == 1
