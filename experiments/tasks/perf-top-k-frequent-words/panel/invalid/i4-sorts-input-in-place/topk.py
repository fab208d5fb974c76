"""Top-k most frequent words via an in-place sort and run counting."""
from itertools import groupby


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError(f"k must be non-negative, got {k}")
    words.sort()
    runs = [(w, len(list(g))) for w, g in groupby(words)]
    runs.sort(key=lambda r: -r[1])
    return runs[:k]
