"""k nearest points to a target."""
import math


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    pts = list(points)
    order = sorted(range(len(pts)), key=lambda i: (math.dist(pts[i], target), i))
    return [pts[i] for i in order[:k]]
