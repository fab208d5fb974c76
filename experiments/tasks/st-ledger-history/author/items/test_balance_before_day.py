from journal import Journal


def test_balance_before_day():
    j = Journal()
    j.post("a", 5, 2)
    j.post("a", 7, 4)
    assert j.balance("a", 3) == 5
    assert j.balance("a", 10) == 12
