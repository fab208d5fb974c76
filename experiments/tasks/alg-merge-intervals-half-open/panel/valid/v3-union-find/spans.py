"""Merge half-open intervals by grouping overlapping ones with union-find."""


def _find(parent, i):
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def merge_half_open(intervals):
    spans = []
    for start, end in intervals:
        if start > end:
            raise ValueError(f"end {end} precedes start {start}")
        if start != end:
            spans.append((start, end))
    parent = list(range(len(spans)))
    for i, (a, b) in enumerate(spans):
        for j in range(i):
            c, d = spans[j]
            if max(a, c) < min(b, d):
                parent[_find(parent, i)] = _find(parent, j)
    groups = {}
    for i, (a, b) in enumerate(spans):
        root = _find(parent, i)
        lo, hi = groups.get(root, (a, b))
        groups[root] = (min(lo, a), max(hi, b))
    return sorted([lo, hi] for lo, hi in groups.values())
