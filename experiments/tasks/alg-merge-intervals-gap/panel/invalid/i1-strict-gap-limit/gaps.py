"""Merge closed intervals, bridging gaps of at most ``max_gap``."""


def merge_with_gap(intervals, max_gap=0):
    if max_gap < 0:
        raise ValueError(f"max_gap must be >= 0, got {max_gap}")
    pairs = [(start, end) for start, end in intervals]
    for start, end in pairs:
        if start > end:
            raise ValueError(f"interval ({start}, {end}) is reversed")
    merged = []
    for start, end in sorted(pairs):
        if merged and (start <= merged[-1][1] or start - merged[-1][1] < max_gap):
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
