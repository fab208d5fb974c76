"""Merge labelled intervals by grouping pairwise-overlapping ones with union-find."""


def merge_labeled(intervals):
    items = []
    for triple in intervals:
        start, end, label = triple
        if not isinstance(label, str):
            raise TypeError(f"bad label {label!r}")
        if start > end:
            raise ValueError(f"bad interval {triple!r}")
        items.append(triple)
    parent = list(range(len(items)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            if max(items[i][0], items[j][0]) <= min(items[i][1], items[j][1]):
                parent[find(i)] = find(j)
    groups = {}
    for i, (s, e, lab) in enumerate(items):
        groups.setdefault(find(i), []).append((s, e, lab))
    result = []
    for members in groups.values():
        result.append((min(m[0] for m in members), max(m[1] for m in members),
                       tuple(sorted({m[2] for m in members}))))
    result.sort()
    return result
