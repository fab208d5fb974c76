"""Insert one closed interval into a sorted list of disjoint closed intervals."""


def _validate(intervals, new):
    if new[0] > new[1]:
        raise ValueError(f"new interval {tuple(new)} has start > end")
    previous_end = None
    for start, end in intervals:
        if start > end:
            raise ValueError(f"interval {(start, end)} has start > end")
        if previous_end is not None and start <= previous_end:
            raise ValueError("intervals must be sorted and disjoint")
        previous_end = end


def insert_interval(intervals, new):
    """Return the sorted, disjoint union of ``intervals`` and ``new``."""
    _validate(intervals, new)
    start, end = new
    result = []
    i, n = 0, len(intervals)
    while i < n and intervals[i][1] < start:
        result.append(tuple(intervals[i]))
        i += 1
    if i < n and intervals[i][0] <= end:
        start = min(start, intervals[i][0])
        end = max(end, intervals[i][1])
        i += 1
    result.append((start, end))
    result.extend(tuple(iv) for iv in intervals[i:])
    return result
