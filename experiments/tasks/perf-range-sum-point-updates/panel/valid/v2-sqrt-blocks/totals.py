"""Square-root decomposition: block totals plus C-level sums over slices."""
import math


class RangeTotals:
    def __init__(self, values):
        self._v = list(values)
        self._size = max(1, math.isqrt(len(self._v)))
        b = self._size
        self._blocks = [sum(self._v[s:s + b]) for s in range(0, len(self._v), b)]

    def _valid(self, i):
        if not (0 <= i < len(self._v)):
            raise IndexError(i)

    def add(self, i, delta):
        self._valid(i)
        self._v[i] += delta
        self._blocks[i // self._size] += delta

    def set(self, i, value):
        self._valid(i)
        self.add(i, value - self._v[i])

    def get(self, i):
        self._valid(i)
        return self._v[i]

    def total(self, lo, hi):
        self._valid(lo)
        self._valid(hi)
        if lo > hi:
            return 0
        b = self._size
        first, last = lo // b, hi // b
        if first == last:
            return sum(self._v[lo:hi + 1])
        return (
            sum(self._v[lo:(first + 1) * b])
            + sum(self._blocks[first + 1:last])
            + sum(self._v[last * b:hi + 1])
        )
