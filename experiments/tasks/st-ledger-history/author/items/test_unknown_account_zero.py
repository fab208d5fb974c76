from journal import Journal


def test_unknown_account_zero():
    j = Journal()
    j.post("a", 5, 0)
    assert j.balance("b") == 0
