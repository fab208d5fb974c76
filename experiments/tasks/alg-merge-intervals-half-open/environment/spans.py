"""Merge half-open integer intervals."""


def merge_half_open(intervals):
    """Return the union of the half-open ``intervals`` as sorted, disjoint [start, end] lists."""
    items = [[start, end] for start, end in intervals]
    for start, end in items:
        if start > end:
            raise ValueError(f"invalid interval [{start}, {end})")
    items.sort(key=lambda iv: iv[0])
    if not items:
        return []
    merged = [items[0]]
    for start, end in items[1:]:
        if start == end:
            continue  # an empty interval covers nothing
        last = merged[-1]
        if start < last[1]:
            last[1] = max(last[1], end)
        else:
            merged.append([start, end])
    return merged
