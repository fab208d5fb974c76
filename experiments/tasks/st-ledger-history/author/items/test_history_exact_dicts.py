from journal import Journal


def test_history_exact_dicts():
    j = Journal()
    j.post("a", 4, 1, "x")
    assert j.history("a") == [
        {"id": 1, "day": 1, "amount": 4, "memo": "x", "balance": 4}
    ]
