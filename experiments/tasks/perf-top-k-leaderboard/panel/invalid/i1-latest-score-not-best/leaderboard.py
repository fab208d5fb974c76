"""Leaderboard: top-k players by their current score."""
import heapq


def top_players(events, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    latest = {}
    for index, (player, score) in enumerate(events):
        latest[player] = (score, index)
    top = heapq.nsmallest(k, latest.items(), key=lambda item: (-item[1][0], item[1][1]))
    return [(player, score) for player, (score, _) in top]
