"""Leaderboard kept as a list of rows, searched linearly."""


def top_players(events, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    table = []  # rows: [player, best, first index]
    for index, (player, score) in enumerate(events):
        for row in table:
            if row[0] == player:
                if score > row[1]:
                    row[1], row[2] = score, index
                break
        else:
            table.append([player, score, index])
    table.sort(key=lambda row: (-row[1], row[2]))
    return [(row[0], row[1]) for row in table[:k]]
