"""Prefix-sum range queries, prefix table built on first use."""


class RangeSum:
    def __init__(self, values):
        self._values = values
        self._prefix = None

    def query(self, lo, hi):
        if self._prefix is None:
            self._prefix = [0]
            for v in self._values:
                self._prefix.append(self._prefix[-1] + v)
        n = len(self._values)
        if not (-n <= lo <= n and -n <= hi <= n):
            raise IndexError("index out of range")
        lo = lo + n if lo < 0 else lo
        hi = hi + n if hi < 0 else hi
        if lo > hi:
            raise ValueError("lo must not exceed hi")
        return self._prefix[hi] - self._prefix[lo]
