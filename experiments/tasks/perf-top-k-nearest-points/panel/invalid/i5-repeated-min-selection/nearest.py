"""k nearest points: select the minimum k times."""


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    tx, ty = target
    remaining = [((p[0] - tx) ** 2 + (p[1] - ty) ** 2, i, p) for i, p in enumerate(points)]
    out = []
    while remaining and len(out) < k:
        j = min(range(len(remaining)), key=lambda idx: remaining[idx][:2])
        out.append(remaining.pop(j)[2])
    return out
