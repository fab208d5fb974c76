"""Merge intervals across gaps by linking every close pair with union-find."""


def merge_with_gap(intervals, max_gap=0):
    if max_gap < 0:
        raise ValueError(f"max_gap {max_gap} < 0")
    items = list(intervals)
    for s, e in items:
        if s > e:
            raise ValueError(f"({s}, {e}): start after end")
    parent = list(range(len(items)))

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for i, (a, b) in enumerate(items):
        for j in range(i + 1, len(items)):
            c, d = items[j]
            if max(a, c) - min(b, d) <= max_gap:
                parent[root(j)] = root(i)
    spans = {}
    for i, (a, b) in enumerate(items):
        r = root(i)
        lo, hi = spans.get(r, (a, b))
        spans[r] = (min(lo, a), max(hi, b))
    return sorted(spans.values())
