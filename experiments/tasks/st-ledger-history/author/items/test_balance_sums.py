from journal import Journal


def test_balance_sums():
    j = Journal()
    j.post("a", 5, 0)
    j.post("a", -2, 1)
    assert j.balance("a") == 3
