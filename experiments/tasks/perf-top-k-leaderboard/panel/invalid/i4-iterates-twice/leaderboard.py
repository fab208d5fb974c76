"""Leaderboard: top-k players by best score."""


def top_players(events, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    best = {player: score for player, score in events}
    first = {}
    for index, (player, score) in enumerate(events):
        if score > best[player]:
            best[player] = score
    for index, (player, score) in enumerate(events):
        if player not in first and score == best[player]:
            first[player] = index
    ranked = sorted(best.items(), key=lambda ps: (-ps[1], first.get(ps[0], 0)))
    return ranked[:k]
