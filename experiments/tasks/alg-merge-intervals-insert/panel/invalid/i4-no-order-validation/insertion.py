"""Insert one closed interval into a sorted list of disjoint closed intervals."""


def insert_interval(intervals, new):
    start, end = new
    if start > end:
        raise ValueError(f"new interval {tuple(new)} has start > end")
    for lo, hi in intervals:
        if lo > hi:
            raise ValueError(f"interval {(lo, hi)} has start > end")
    result = []
    i, n = 0, len(intervals)
    while i < n and intervals[i][1] < start:
        result.append(tuple(intervals[i]))
        i += 1
    while i < n and intervals[i][0] <= end:
        start = min(start, intervals[i][0])
        end = max(end, intervals[i][1])
        i += 1
    result.append((start, end))
    result.extend(tuple(iv) for iv in intervals[i:])
    return result
