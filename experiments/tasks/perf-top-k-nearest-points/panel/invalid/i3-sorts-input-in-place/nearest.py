"""k nearest points to a target."""


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    tx, ty = target
    points.sort(key=lambda p: (p[0] - tx) ** 2 + (p[1] - ty) ** 2)
    return points[:k]
