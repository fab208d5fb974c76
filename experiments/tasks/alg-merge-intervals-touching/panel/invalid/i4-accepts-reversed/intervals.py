"""Merge closed integer intervals."""


def merge(intervals):
    pairs = sorted((start, end) for start, end in intervals)
    merged = []
    for start, end in pairs:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
