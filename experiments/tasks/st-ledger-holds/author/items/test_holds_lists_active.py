from wallet import Wallet


def test_holds_lists_active():
    w = Wallet()
    w.open("a")
    w.deposit("a", 50)
    h1 = w.hold("a", 10)
    h2 = w.hold("a", 5)
    w.release(h1)
    listed = w.holds("a")
    assert listed == {h2: 5}
    listed.clear()
    assert w.available("a") == 45
