"""k nearest points to a target."""


def k_nearest(points, target, k):
    """Return the k points nearest to target, nearest first; ties keep input order."""
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    tx, ty = target
    pts = list(points)

    def key(i):
        x, y = pts[i]
        return ((x - tx) ** 2 + (y - ty) ** 2, i)

    order = sorted(range(len(pts)), key=key)
    return [pts[i] for i in order[:k]]
