from journal import Journal


def test_accounts_sorted_check():
    j = Journal()
    j.post("b", 1, 0)
    j.post("a", 1, 0)
    assert j.accounts() == ["a", "b"]
