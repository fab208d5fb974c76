"""Leaderboard: top-k players by best score."""


def top_players(events, k):
    """Return the k best (player, best) pairs, best first."""
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    names = []
    bests = []
    for player, score in events:
        if player in names:
            i = names.index(player)
            if score > bests[i]:
                bests[i] = score
        else:
            names.append(player)
            bests.append(score)
    ranked = sorted(zip(names, bests), key=lambda entry: (-entry[1], entry[0]))
    return ranked[:k]
