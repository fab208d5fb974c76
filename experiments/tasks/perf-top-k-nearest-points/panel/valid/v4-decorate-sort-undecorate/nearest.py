"""Decorate with (dist2, index), sort the decorated list, undecorate."""


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError(f"invalid k {k}")
    tx, ty = target
    decorated = []
    for index, point in enumerate(points):
        dx, dy = point[0] - tx, point[1] - ty
        decorated.append((dx * dx + dy * dy, index, point))
    decorated.sort(key=lambda row: row[:2])
    return [row[2] for row in decorated[:k]]
