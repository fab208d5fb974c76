from leaderboard import top_players


def test_k_larger_and_zero():
    events = [("a", 1), ("b", 2)]
    assert top_players(events, 10) == [("b", 2), ("a", 1)]
    assert top_players(events, 0) == []
