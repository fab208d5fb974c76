"""k nearest points to a target."""


def k_nearest(points, target, k):
    """Return the k points nearest to target, nearest first."""
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    tx, ty = target
    # squared distances keep integer coordinates exact
    ranked = sorted(((p[0] - tx) ** 2 + (p[1] - ty) ** 2, p) for p in points)
    return [p for _, p in ranked[:k]]
