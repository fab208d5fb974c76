"""Merge closed integer intervals with a fold over the sorted input."""
from functools import reduce


def _check(pair):
    start, end = pair
    if start > end:
        raise ValueError("start must not exceed end")
    return (start, end)


def _step(acc, pair):
    if acc and pair[0] <= acc[-1][1]:
        return acc[:-1] + [(acc[-1][0], max(acc[-1][1], pair[1]))]
    return acc + [pair]


def merge(intervals):
    return reduce(_step, sorted(map(_check, intervals)), [])
