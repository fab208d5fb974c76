"""Leaderboard: top-k players by best score."""
import heapq


def top_players(events, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    best = {}
    for index, (player, score) in enumerate(events):
        current = best.get(player)
        if current is None or score >= current[0]:
            best[player] = (score, index)
    top = heapq.nsmallest(k, best.items(), key=lambda item: (-item[1][0], item[1][1]))
    return [(player, score) for player, (score, _) in top]
