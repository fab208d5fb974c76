"""Leaderboard: top-k players by best score."""
import heapq


def top_players(events, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    best = {}
    for index, (player, score) in enumerate(events):
        current = best.get(player, (0, index))
        if score > current[0] or player not in best:
            best[player] = (max(score, current[0]), index)
    top = heapq.nsmallest(k, best.items(), key=lambda item: (-item[1][0], item[1][1]))
    return [(player, score) for player, (score, _) in top]
