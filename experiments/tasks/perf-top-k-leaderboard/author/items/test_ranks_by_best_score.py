from leaderboard import top_players


def test_ranks_by_best_score():
    events = [("ann", 10), ("bob", 30), ("ann", 50), ("bob", 5)]
    assert top_players(events, 2) == [("ann", 50), ("bob", 30)]
