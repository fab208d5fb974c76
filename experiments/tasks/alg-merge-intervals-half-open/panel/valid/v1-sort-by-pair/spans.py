"""Merge half-open intervals: drop empties, sort by (start, end), scan."""


def merge_half_open(intervals):
    pairs = []
    for item in intervals:
        lo, hi = item
        if lo > hi:
            raise ValueError("start %d is after end %d" % (lo, hi))
        if lo != hi:
            pairs.append((lo, hi))
    pairs.sort()
    out = []
    for lo, hi in pairs:
        if not out or lo >= out[-1][1]:
            out.append([lo, hi])
        elif hi > out[-1][1]:
            out[-1][1] = hi
    return out
