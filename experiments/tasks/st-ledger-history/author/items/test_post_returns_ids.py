from journal import Journal


def test_post_returns_ids():
    j = Journal()
    assert j.post("a", 5, 0) == 1
    assert j.post("b", 5, 0) == 2
