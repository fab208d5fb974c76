from journal import Journal


def test_balance_as_of_day():
    j = Journal()
    j.post("a", 5, 2)
    j.post("a", 7, 4)
    assert j.balance("a", 2) == 5
    assert j.balance("a", 4) == 12
