from leaderboard import top_players


def test_events_fixture_ties(tie_events):
    assert top_players(tie_events, 2) == [("zed", 40), ("amy", 40)]
