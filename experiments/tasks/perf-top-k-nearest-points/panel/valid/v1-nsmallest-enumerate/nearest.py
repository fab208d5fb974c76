"""k nearest with heapq.nsmallest over (dist2, index) keys."""
import heapq


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError("k is negative")
    tx, ty = target
    best = heapq.nsmallest(
        k,
        enumerate(points),
        key=lambda ip: ((ip[1][0] - tx) ** 2 + (ip[1][1] - ty) ** 2, ip[0]),
    )
    return [p for _, p in best]
