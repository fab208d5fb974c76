"""Keeps the total and the prefix sums; a range is the total minus what lies outside."""
from itertools import accumulate


class RangeSum:
    def __init__(self, values):
        self._before = [0, *accumulate(values)]
        self._total = self._before[-1]
        self._n = len(self._before) - 1

    def query(self, lo, hi):
        n = self._n
        if lo < 0:
            lo = n + lo
            if lo < 0:
                raise IndexError("lo out of range")
        elif lo > n:
            raise IndexError("lo out of range")
        if hi < 0:
            hi = n + hi
            if hi < 0:
                raise IndexError("hi out of range")
        elif hi > n:
            raise IndexError("hi out of range")
        if lo > hi:
            raise ValueError("lo after hi")
        after = self._total - self._before[hi]
        return self._total - self._before[lo] - after
