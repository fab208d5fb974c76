from journal import Journal


def test_history_dicts_are_copies():
    j = Journal()
    j.post("a", 3, 1)
    j.history("a")[0]["amount"] = 0
    assert j.history("a")[0]["amount"] == 3
