from ledger import Ledger


def test_open_and_deposit():
    led = opened_ledger("a")
    assert led.balance("a") == 0
    led.deposit("a", 25)
    assert led.balance("a") == 25
