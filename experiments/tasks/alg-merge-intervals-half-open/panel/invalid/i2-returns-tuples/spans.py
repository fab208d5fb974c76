"""Merge half-open integer intervals."""


def merge_half_open(intervals):
    items = [(start, end) for start, end in intervals]
    for start, end in items:
        if start > end:
            raise ValueError(f"invalid interval [{start}, {end})")
    items = sorted(iv for iv in items if iv[0] < iv[1])
    merged = []
    for start, end in items:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
