"""Merge intervals across gaps: copy and validate in one pass, then scan."""


def merge_with_gap(intervals, max_gap=0):
    if max_gap < 0:
        raise ValueError("negative max_gap")
    pairs = []
    for pair in intervals:
        lo, hi = pair
        if lo > hi:
            raise ValueError("bad interval %r" % (pair,))
        pairs.append([lo, hi])
    pairs.sort(key=lambda p: p[0])
    out = []
    for lo, hi in pairs:
        if out and lo <= out[-1][1] + max_gap:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return [(lo, hi) for lo, hi in out]
