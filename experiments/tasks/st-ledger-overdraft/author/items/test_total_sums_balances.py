from ledger import Ledger


def test_total_sums_balances():
    led = Ledger()
    led.open_account("a", overdraft_limit=50)
    led.open_account("b")
    led.deposit("b", 30)
    led.withdraw("a", 45)
    assert led.total() == -15
