"""Insert an interval by bisecting on starts and ends."""
from bisect import bisect_left, bisect_right


def insert_interval(intervals, new):
    s, e = new
    if s > e:
        raise ValueError(f"{new!r}: start after end")
    pairs = [tuple(iv) for iv in intervals]
    for k, (a, b) in enumerate(pairs):
        if a > b:
            raise ValueError(f"{(a, b)!r}: start after end")
        if k and a <= pairs[k - 1][1]:
            raise ValueError("not sorted/disjoint at index %d" % k)
    ends = [b for _, b in pairs]
    starts = [a for a, _ in pairs]
    left = bisect_left(ends, s)
    right = bisect_right(starts, e)
    if left < right:
        s = min(s, pairs[left][0])
        e = max(e, pairs[right - 1][1])
    return pairs[:left] + [(s, e)] + pairs[right:]
