from ledger import Ledger


def test_withdraw_returns_balance():
    led = Ledger()
    led.open_account("a")
    assert led.deposit("a", 90) == 90
    assert led.withdraw("a", 40) == 50
