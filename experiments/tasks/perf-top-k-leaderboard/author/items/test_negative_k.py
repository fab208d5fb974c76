import pytest

from leaderboard import top_players


def test_negative_k():
    with pytest.raises(ValueError):
        top_players([("a", 1)], -2)
