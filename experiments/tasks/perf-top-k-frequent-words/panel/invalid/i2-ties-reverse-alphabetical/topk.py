"""Top-k most frequent words."""
from collections import Counter


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError(f"k must be non-negative, got {k}")
    counts = Counter(words)
    ordered = sorted(counts.items(), key=lambda wc: (wc[1], wc[0]), reverse=True)
    return ordered[:k]
