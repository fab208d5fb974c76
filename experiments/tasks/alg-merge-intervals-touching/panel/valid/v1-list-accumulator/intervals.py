"""Merge closed integer intervals (mutable accumulator, converted at the end)."""


def merge(intervals):
    items = [list(iv) for iv in intervals]
    for lo, hi in items:
        if lo > hi:
            raise ValueError("reversed interval: %r > %r" % (lo, hi))
    items.sort(key=lambda iv: iv[0])
    out = []
    for lo, hi in items:
        if out and lo <= out[-1][1]:
            if hi > out[-1][1]:
                out[-1][1] = hi
        else:
            out.append([lo, hi])
    return [tuple(iv) for iv in out]
