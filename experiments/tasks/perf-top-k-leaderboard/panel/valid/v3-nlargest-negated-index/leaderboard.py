"""Leaderboard with heapq.nlargest over (score, -index)."""
import heapq


def top_players(events, k):
    if k < 0:
        raise ValueError(f"invalid k={k}")
    best = {}
    for i, (player, score) in enumerate(events):
        old = best.get(player)
        if old is None or score > old[0]:
            best[player] = (score, -i)
    top = heapq.nlargest(k, best.items(), key=lambda kv: kv[1])
    return [(player, key[0]) for player, key in top]
