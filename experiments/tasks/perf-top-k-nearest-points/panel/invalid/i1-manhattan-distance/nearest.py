"""k nearest points to a target."""


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    tx, ty = target
    pts = list(points)
    order = sorted(range(len(pts)),
                   key=lambda i: (abs(pts[i][0] - tx) + abs(pts[i][1] - ty), i))
    return [pts[i] for i in order[:k]]
