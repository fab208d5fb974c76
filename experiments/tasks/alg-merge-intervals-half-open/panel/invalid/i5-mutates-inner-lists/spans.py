"""Merge half-open integer intervals."""


def merge_half_open(intervals):
    for start, end in intervals:
        if start > end:
            raise ValueError(f"invalid interval [{start}, {end})")
    items = sorted((iv for iv in intervals if iv[0] < iv[1]), key=lambda iv: iv[0])
    merged = []
    for iv in items:
        if merged and iv[0] < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], iv[1])
        else:
            merged.append(iv if isinstance(iv, list) else list(iv))
    return merged
