"""Sort all events by (-score, time); a player's first appearance is their best."""


def top_players(events, k):
    if k < 0:
        raise ValueError("k < 0")
    ordered = sorted(enumerate(events), key=lambda e: (-e[1][1], e[0]))
    seen = set()
    result = []
    for _, (player, score) in ordered:
        if len(result) >= k:
            break
        if player not in seen:
            seen.add(player)
            result.append((player, score))
    return result
