"""Leaderboard via two dicts and one full sort."""


def top_players(events, k):
    if k < 0:
        raise ValueError("negative k")
    best_score = {}
    reached_at = {}
    for i, (player, score) in enumerate(events):
        if player not in best_score or score > best_score[player]:
            best_score[player] = score
            reached_at[player] = i
    order = sorted(best_score, key=lambda p: (-best_score[p], reached_at[p]))
    return [(p, best_score[p]) for p in order[:k]]
