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
    _validate(intervals, new)
    start, end = new
    kept = []
    for lo, hi in intervals:
        if hi < start or lo > end:
            kept.append((lo, hi))
        else:
            start, end = min(start, lo), max(end, hi)
    kept.append((start, end))
    return kept
