import pytest

from ledger import InsufficientFunds, Ledger


def make(limit=0, funds=0):
    led = Ledger()
    led.open_account("alice", overdraft_limit=limit)
    if funds:
        led.deposit("alice", funds)
    return led


def test_open_and_balance():
    led = Ledger()
    led.open_account("alice")
    assert led.balance("alice") == 0
    led.deposit("alice", 50)
    with pytest.raises(ValueError):
        led.open_account("alice")
    assert led.balance("alice") == 50


def test_unknown_account_raises_key_error():
    led = make()
    for call in (lambda: led.balance("bob"), lambda: led.deposit("bob", 5),
                 lambda: led.withdraw("bob", 5), lambda: led.history("bob"),
                 lambda: led.set_overdraft("bob", 5)):
        with pytest.raises(KeyError):
            call()


def test_deposit_and_withdraw_return_new_balance():
    led = make()
    assert led.deposit("alice", 100) == 100
    assert led.withdraw("alice", 30) == 70
    assert led.balance("alice") == 70


@pytest.mark.parametrize("bad", [0, -5, 2.5, "10", None])
def test_bad_amounts(bad):
    led = make(funds=100)
    with pytest.raises(ValueError):
        led.deposit("alice", bad)
    with pytest.raises(ValueError):
        led.withdraw("alice", bad)
    assert led.balance("alice") == 100


def test_withdraw_down_to_zero_without_overdraft():
    led = make(funds=100)
    assert led.withdraw("alice", 100) == 0


def test_withdraw_to_exact_overdraft_limit():
    led = make(limit=50, funds=20)
    assert led.withdraw("alice", 70) == -50


def test_withdraw_beyond_limit_fails_and_keeps_balance():
    led = make(limit=50, funds=20)
    with pytest.raises(InsufficientFunds):
        led.withdraw("alice", 71)
    assert led.balance("alice") == 20
    led2 = make(funds=10)
    with pytest.raises(InsufficientFunds):
        led2.withdraw("alice", 11)
    assert led2.balance("alice") == 10


def test_history_lists_successful_operations():
    led = make(funds=100)
    led.withdraw("alice", 40)
    assert led.history("alice") == [("deposit", 100, 100), ("withdraw", 40, 60)]


def test_history_skips_failed_operations():
    led = make(funds=10)
    with pytest.raises(InsufficientFunds):
        led.withdraw("alice", 11)
    led.withdraw("alice", 10)
    assert led.history("alice") == [("deposit", 10, 10), ("withdraw", 10, 0)]


def test_history_is_a_copy():
    led = make(funds=10)
    h = led.history("alice")
    h.append(("deposit", 1, 11))
    h.clear()
    assert led.history("alice") == [("deposit", 10, 10)]


def test_set_overdraft():
    led = make(limit=100)
    led.withdraw("alice", 80)
    led.set_overdraft("alice", 50)
    assert led.balance("alice") == -80
    with pytest.raises(InsufficientFunds):
        led.withdraw("alice", 1)
    led.set_overdraft("alice", 81)
    assert led.withdraw("alice", 1) == -81


@pytest.mark.parametrize("bad", [-1, 1.5, "5"])
def test_bad_limits(bad):
    led = make()
    with pytest.raises(ValueError):
        led.set_overdraft("alice", bad)
    with pytest.raises(ValueError):
        led.open_account("bob", overdraft_limit=bad)


def test_total():
    led = Ledger()
    assert led.total() == 0
    led.open_account("a", overdraft_limit=100)
    led.open_account("b")
    led.deposit("b", 70)
    led.withdraw("a", 30)
    assert led.total() == 40
