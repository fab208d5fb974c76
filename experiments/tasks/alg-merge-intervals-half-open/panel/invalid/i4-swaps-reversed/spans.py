"""Merge half-open integer intervals."""


def merge_half_open(intervals):
    items = [sorted([start, end]) for start, end in intervals]
    items = [iv for iv in items if iv[0] < iv[1]]
    items.sort(key=lambda iv: iv[0])
    merged = []
    for start, end in items:
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged
