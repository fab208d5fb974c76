from ledger import Ledger


def test_withdraw_entire_balance():
    led = Ledger()
    led.open_account("a")
    led.deposit("a", 60)
    assert led.withdraw("a", 60) == 0
