"""Top-k by sorting a copy, run-length encoding it, then a stable sort by count."""
from itertools import groupby


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError("invalid k")
    runs = [(word, sum(1 for _ in grp)) for word, grp in groupby(sorted(words))]
    # runs are alphabetical; a stable sort on -count keeps ties alphabetical
    runs.sort(key=lambda run: -run[1])
    return runs[:k]
