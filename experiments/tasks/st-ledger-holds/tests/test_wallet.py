import pytest

from wallet import InsufficientFunds, Wallet


def wallet(funds=100):
    w = Wallet()
    w.open("a")
    if funds:
        w.deposit("a", funds)
    return w


def test_open_deposit_balance():
    w = Wallet()
    w.open("a")
    assert w.balance("a") == 0
    assert w.deposit("a", 40) == 40
    with pytest.raises(ValueError):
        w.open("a")
    assert w.balance("a") == 40
    with pytest.raises(KeyError):
        w.balance("zz")
    with pytest.raises(KeyError):
        w.deposit("zz", 5)


@pytest.mark.parametrize("bad", [0, -3, 1.5, "2"])
def test_bad_amounts(bad):
    w = wallet()
    for call in (lambda: w.deposit("a", bad), lambda: w.withdraw("a", bad),
                 lambda: w.hold("a", bad)):
        with pytest.raises(ValueError):
            call()
    assert w.balance("a") == 100
    assert w.holds("a") == {}


def test_withdraw_limited_by_available():
    w = wallet(100)
    w.hold("a", 60)
    assert w.available("a") == 40
    with pytest.raises(InsufficientFunds):
        w.withdraw("a", 41)
    assert w.balance("a") == 100
    assert w.withdraw("a", 40) == 60
    assert w.available("a") == 0


def test_hold_lowers_available_not_balance():
    w = wallet(100)
    h1 = w.hold("a", 30)
    h2 = w.hold("a", 70)
    assert h1 != h2
    assert w.balance("a") == 100
    assert w.available("a") == 0
    with pytest.raises(InsufficientFunds):
        w.hold("a", 1)


def test_hold_ids_unique_across_accounts():
    w = wallet(10)
    w.open("b")
    w.deposit("b", 10)
    ids = {w.hold("a", 1), w.hold("b", 1), w.hold("a", 2)}
    assert len(ids) == 3


def test_release_and_full_capture():
    w = wallet(100)
    h1 = w.hold("a", 30)
    h2 = w.hold("a", 20)
    w.release(h1)
    assert w.balance("a") == 100
    assert w.available("a") == 80
    assert w.capture(h2) == 80
    assert w.available("a") == 80


def test_partial_capture_frees_rest():
    w = wallet(100)
    h = w.hold("a", 50)
    assert w.capture(h, 20) == 80
    assert w.available("a") == 80
    assert w.holds("a") == {}


def test_overcapture_rejected():
    w = wallet(100)
    h = w.hold("a", 50)
    with pytest.raises(ValueError):
        w.capture(h, 51)
    assert w.balance("a") == 100
    assert w.holds("a") == {h: 50}
    assert w.capture(h, 50) == 50


def test_ended_holds_cannot_be_reused():
    w = wallet(100)
    h1 = w.hold("a", 10)
    h2 = w.hold("a", 20)
    w.capture(h1)
    w.release(h2)
    for call in (lambda: w.capture(h1), lambda: w.release(h1),
                 lambda: w.capture(h2), lambda: w.release(h2), lambda: w.capture(h2, 5)):
        with pytest.raises(KeyError):
            call()
    assert w.balance("a") == 90
    assert w.available("a") == 90


def test_unknown_hold_id():
    w = wallet(100)
    with pytest.raises(KeyError):
        w.release("no-such-hold")
    with pytest.raises(KeyError):
        w.capture(12345)


def test_holds_lists_active_and_is_a_copy():
    w = wallet(100)
    h1 = w.hold("a", 10)
    h2 = w.hold("a", 15)
    w.release(h1)
    listed = w.holds("a")
    assert listed == {h2: 15}
    listed.clear()
    listed["x"] = 99
    assert w.holds("a") == {h2: 15}
    assert w.available("a") == 85
