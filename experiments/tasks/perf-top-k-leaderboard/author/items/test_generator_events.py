from leaderboard import top_players


def test_generator_events():
    events = (pair for pair in [("x", 6), ("y", 4), ("x", 1)])
    assert top_players(events, 2) == [("x", 6), ("y", 4)]
