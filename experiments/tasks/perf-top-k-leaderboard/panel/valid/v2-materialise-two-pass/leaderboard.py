"""Materialise the events, find each best, then the first index reaching it."""


def top_players(events, k):
    if k < 0:
        raise ValueError("k must not be negative")
    rows = list(events)
    best = {}
    for row in rows:
        player, score = row[0], row[1]
        if player not in best or score > best[player]:
            best[player] = score
    first = {}
    for i, row in enumerate(rows):
        player = row[0]
        if player not in first and row[1] == best[player]:
            first[player] = i
    ranked = sorted(best.items(), key=lambda ps: (-ps[1], first[ps[0]]))
    return ranked[:k]
