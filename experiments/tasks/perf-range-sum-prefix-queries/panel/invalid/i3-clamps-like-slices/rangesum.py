"""Prefix-sum range queries with slice-style bounds."""
from itertools import accumulate


class RangeSum:
    def __init__(self, values):
        self._prefix = list(accumulate(values, initial=0))
        self._n = len(self._prefix) - 1

    def query(self, lo, hi):
        n = self._n
        lo = max(0, lo + n) if lo < 0 else min(lo, n)
        hi = max(0, hi + n) if hi < 0 else min(hi, n)
        if lo > hi:
            raise ValueError(f"lo ({lo}) must not exceed hi ({hi})")
        return self._prefix[hi] - self._prefix[lo]
