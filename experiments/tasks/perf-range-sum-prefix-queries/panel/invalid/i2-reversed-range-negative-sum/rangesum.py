"""Prefix-sum range queries."""
from itertools import accumulate


class RangeSum:
    def __init__(self, values):
        self._prefix = list(accumulate(values, initial=0))
        self._n = len(self._prefix) - 1

    def _normalise(self, index):
        n = self._n
        if not -n <= index <= n:
            raise IndexError(f"index {index} out of range for {n} values")
        return index + n if index < 0 else index

    def query(self, lo, hi):
        lo = self._normalise(lo)
        hi = self._normalise(hi)
        return self._prefix[hi] - self._prefix[lo]
