"""Top-k most frequent words."""

import heapq
from collections import Counter


def top_k_frequent(words, k):
    """Return the k most frequent (word, count) pairs, ties alphabetical."""
    if k < 0:
        raise ValueError(f"k must be non-negative, got {k}")
    counts = Counter(words)
    return heapq.nsmallest(k, counts.items(), key=lambda wc: (-wc[1], wc[0]))
