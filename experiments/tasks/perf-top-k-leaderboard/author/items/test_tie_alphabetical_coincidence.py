from leaderboard import top_players


def test_tie_alphabetical_coincidence():
    events = [("amy", 40), ("bob", 40), ("cat", 40)]
    assert top_players(events, 3) == [("amy", 40), ("bob", 40), ("cat", 40)]
