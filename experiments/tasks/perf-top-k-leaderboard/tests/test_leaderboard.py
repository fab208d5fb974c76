import pytest

from leaderboard import top_players


def test_best_score_ranks_players():
    events = [("ann", 10), ("bob", 30), ("ann", 50), ("cid", 20), ("bob", 5)]
    assert top_players(events, 2) == [("ann", 50), ("bob", 30)]
    assert top_players(events, 3) == [("ann", 50), ("bob", 30), ("cid", 20)]


def test_ties_go_to_who_reached_the_score_first():
    events = [("zed", 40), ("amy", 10), ("amy", 40), ("zed", 40), ("kim", 40)]
    assert top_players(events, 3) == [("zed", 40), ("amy", 40), ("kim", 40)]


def test_tie_uses_first_time_best_was_reached_not_first_event():
    events = [("amy", 1), ("zed", 9), ("amy", 9)]
    assert top_players(events, 2) == [("zed", 9), ("amy", 9)]


def test_negative_and_zero_scores():
    events = [("neg", -5), ("neg", -2), ("zero", 0), ("low", -9)]
    assert top_players(events, 3) == [("zero", 0), ("neg", -2), ("low", -9)]


def test_k_bounds():
    events = [("a", 1), ("b", 2)]
    assert top_players(events, 5) == [("b", 2), ("a", 1)]
    assert top_players(events, 0) == []
    assert top_players([], 3) == []
    with pytest.raises(ValueError):
        top_players(events, -1)


def test_generator_input():
    def stream():
        yield ("a", 9)
        yield ("b", 7)
        yield ("a", 3)

    assert top_players(stream(), 2) == [("a", 9), ("b", 7)]
