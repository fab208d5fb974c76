"""Insert an interval by partitioning into left, overlapping and right parts."""


def _check(intervals, new):
    if new[0] > new[1]:
        raise ValueError("bad new interval")
    last = None
    for iv in intervals:
        if iv[0] > iv[1]:
            raise ValueError("bad interval")
        if last is not None and iv[0] <= last:
            raise ValueError("unsorted")
        last = iv[1]


def insert_interval(intervals, new):
    _check(intervals, new)
    left = [(a, b) for a, b in intervals if b < new[0]]
    right = [(a, b) for a, b in intervals if a > new[1]]
    middle = [(a, b) for a, b in intervals if not (b < new[0] or a > new[1])]
    start = min([new[0]] + [a for a, _ in middle])
    end = max([new[1]] + [b for _, b in middle])
    return left + [(start, end)] + right
