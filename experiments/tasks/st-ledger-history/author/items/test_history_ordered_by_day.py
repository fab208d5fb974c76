from journal import Journal


def test_history_ordered_by_day():
    j = Journal()
    j.post("a", 1, 9)
    j.post("a", 2, 3)
    h = j.history("a")
    assert [e["day"] for e in h] == [3, 9]
    assert [e["balance"] for e in h] == [2, 3]
