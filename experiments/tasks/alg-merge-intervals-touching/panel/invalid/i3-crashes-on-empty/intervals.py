"""Merge closed integer intervals."""


def merge(intervals):
    pairs = []
    for start, end in intervals:
        if start > end:
            raise ValueError(f"interval ({start}, {end}) has start > end")
        pairs.append((start, end))
    pairs.sort()
    merged = [pairs[0]]
    for start, end in pairs[1:]:
        if start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
