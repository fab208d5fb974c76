from leaderboard import top_players


def test_negative_scores():
    events = [("a", -7), ("b", -3), ("a", -4)]
    assert top_players(events, 2) == [("b", -3), ("a", -4)]
