"""Top-k via buckets indexed by count (bucket sort)."""
from collections import defaultdict


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError(f"k cannot be negative: {k}")
    if k == 0:
        return []
    counts = defaultdict(int)
    for w in words:
        counts[w] += 1
    buckets = defaultdict(list)
    for w, c in counts.items():
        buckets[c].append(w)
    out = []
    for c in sorted(buckets, reverse=True):
        for w in sorted(buckets[c]):
            out.append((w, c))
            if len(out) == k:
                return out
    return out
