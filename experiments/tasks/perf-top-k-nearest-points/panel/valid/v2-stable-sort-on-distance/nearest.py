"""Python's sort is stable, so sorting on dist2 alone keeps input order for ties."""


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError("negative k: %r" % (k,))
    tx, ty = target

    def dist2(p):
        dx = p[0] - tx
        dy = p[1] - ty
        return dx * dx + dy * dy

    return sorted(points, key=dist2)[:k]
