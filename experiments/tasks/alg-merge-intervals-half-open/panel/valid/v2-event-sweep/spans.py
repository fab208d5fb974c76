"""Merge half-open intervals with an event sweep; closes sort before opens."""

CLOSE, OPEN = 0, 1


def merge_half_open(intervals):
    events = []
    for start, end in intervals:
        if start > end:
            raise ValueError("reversed interval")
        if start < end:
            events += [(start, OPEN), (end, CLOSE)]
    events.sort()
    result = []
    depth = 0
    for pos, kind in events:
        if kind == OPEN:
            if depth == 0:
                result.append([pos, None])
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                result[-1][1] = pos
    return result
