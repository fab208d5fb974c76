from journal import Journal


def test_history_window_running_balance():
    j = Journal()
    j.post("a", 100, 1)
    j.post("a", 10, 5)
    h = j.history("a", start=2)
    assert len(h) == 1
    assert h[0]["balance"] == 110
