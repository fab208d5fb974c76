from leaderboard import top_players


def test_tie_first_to_reach():
    events = [("zed", 40), ("amy", 10), ("amy", 40), ("zed", 40)]
    assert top_players(events, 2) == [("zed", 40), ("amy", 40)]
