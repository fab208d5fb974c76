import pytest

from leaderboard import top_players


def test_rejects_malformed_event():
    with pytest.raises(ValueError):
        top_players([("ann", 10, "extra")], 1)
