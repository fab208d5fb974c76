def test_holds_copy(wallet):
    h = wallet.hold("a", 5)
    wallet.holds("a").pop(h)
    assert wallet.holds("a") == {h: 5}
