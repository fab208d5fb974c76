"""Merge closed intervals, bridging gaps of at most ``max_gap``."""


def merge_with_gap(intervals, max_gap=0):
    """Return merged ``(start, end)`` tuples sorted by start."""
    if max_gap < 0:
        raise ValueError(f"max_gap must be >= 0, got {max_gap}")
    for start, end in intervals:
        if start > end:
            raise ValueError(f"interval ({start}, {end}) is reversed")
    merged = []
    for start, end in sorted(intervals):
        if merged and start - merged[-1][1] <= max_gap:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
