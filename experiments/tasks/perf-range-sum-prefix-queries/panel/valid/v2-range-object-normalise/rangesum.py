"""Prefix sums; indexes normalised by indexing a range object."""


class RangeSum:
    def __init__(self, values):
        total = 0
        prefix = [0]
        for v in values:
            total += v
            prefix.append(total)
        self._prefix = tuple(prefix)
        self._positions = range(len(prefix) - 1)

    def _norm(self, i):
        # range indexing maps -1 to n-1 and raises IndexError outside [-n, n-1];
        # n itself (one past the end) is a legal bound.
        if i == len(self._positions):
            return i
        return self._positions[i]

    def query(self, lo, hi):
        lo, hi = self._norm(lo), self._norm(hi)
        if lo > hi:
            raise ValueError(f"bad range: {lo} > {hi}")
        return self._prefix[hi] - self._prefix[lo]
