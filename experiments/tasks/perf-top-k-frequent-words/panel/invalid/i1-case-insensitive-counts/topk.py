"""Top-k most frequent words (normalises case first)."""
import heapq
from collections import Counter


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError(f"k must be non-negative, got {k}")
    counts = Counter(w.lower() for w in words)
    return heapq.nsmallest(k, counts.items(), key=lambda wc: (-wc[1], wc[0]))
