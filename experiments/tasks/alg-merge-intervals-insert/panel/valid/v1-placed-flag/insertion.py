"""Insert an interval with one pass and a 'placed' flag."""


def insert_interval(intervals, new):
    lo, hi = new
    if lo > hi:
        raise ValueError("new interval is reversed")
    prev = None
    for a, b in intervals:
        if a > b or (prev is not None and a <= prev):
            raise ValueError("invalid interval list")
        prev = b
    out = []
    placed = False
    for a, b in intervals:
        if b < lo:
            out.append((a, b))
        elif a > hi:
            if not placed:
                out.append((lo, hi))
                placed = True
            out.append((a, b))
        else:
            lo, hi = min(lo, a), max(hi, b)
    if not placed:
        out.append((lo, hi))
    return out
