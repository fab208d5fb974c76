"""Range totals over a list with point updates."""

from itertools import accumulate


class RangeTotals:
    """Inclusive range sums over a mutable list of integers."""

    def __init__(self, values):
        self._values = list(values)
        self._rebuild()

    def _rebuild(self):
        self._prefix = list(accumulate(self._values, initial=0))

    def _check(self, i):
        if not 0 <= i < len(self._values):
            raise IndexError(f"position {i} out of range")

    def set(self, i, value):
        self._check(i)
        self._values[i] = value
        self._rebuild()

    def add(self, i, delta):
        self._check(i)
        self._values[i] += delta
        self._rebuild()

    def get(self, i):
        self._check(i)
        return self._values[i]

    def total(self, lo, hi):
        self._check(lo)
        self._check(hi)
        if lo > hi:
            return 0
        return self._prefix[hi + 1] - self._prefix[lo]
