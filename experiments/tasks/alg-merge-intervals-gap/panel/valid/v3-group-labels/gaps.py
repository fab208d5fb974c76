"""Merge intervals across gaps: label runs by a running max end, then group."""
from itertools import groupby


def merge_with_gap(intervals, max_gap=0):
    if max_gap < 0:
        raise ValueError("max_gap cannot be negative")
    ordered = sorted(tuple(iv) for iv in intervals)
    if any(s > e for s, e in ordered):
        raise ValueError("start greater than end")
    labels = []
    label = 0
    reach = None
    for s, e in ordered:
        if reach is not None and s - reach > max_gap:
            label += 1
        reach = e if reach is None or s - reach > max_gap else max(reach, e)
        labels.append(label)
    result = []
    for _, group in groupby(zip(labels, ordered), key=lambda x: x[0]):
        members = [iv for _, iv in group]
        result.append((members[0][0], max(e for _, e in members)))
    return result
