"""Merge closed integer intervals with an event sweep (opens sort before closes)."""

OPEN, CLOSE = 0, 1


def merge(intervals):
    events = []
    for start, end in intervals:
        if start > end:
            raise ValueError(f"{(start, end)} is not an interval")
        events.append((start, OPEN))
        events.append((end, CLOSE))
    events.sort()
    depth = 0
    current = None
    merged = []
    for position, kind in events:
        if kind == OPEN:
            if depth == 0:
                current = position
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                merged.append((current, position))
    return merged
