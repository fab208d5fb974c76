from ledger import Ledger


def test_withdraw_entire_balance():
    led = funded_ledger("a", 60)
    assert led.withdraw("a", 60) == 0
