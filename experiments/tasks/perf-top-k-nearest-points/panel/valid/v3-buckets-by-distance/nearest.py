"""Group points by squared distance, then walk the distances in order."""
from collections import defaultdict


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError("k must not be negative")
    buckets = defaultdict(list)
    for p in points:
        buckets[(p[0] - target[0]) ** 2 + (p[1] - target[1]) ** 2].append(p)
    out = []
    for d in sorted(buckets):
        for p in buckets[d]:
            if len(out) == k:
                return out
            out.append(p)
    return out
