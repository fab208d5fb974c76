"""Prefix-sum range queries."""


class RangeSum:
    """Answers sum(values[lo:hi]) queries in O(1) after O(n) preprocessing."""

    def __init__(self, values):
        self._prefix = [0]
        for v in values:
            self._prefix.append(self._prefix[-1] + v)
        self._n = len(values)

    def query(self, lo, hi):
        n = self._n
        if not (-n <= lo <= n and -n <= hi <= n):
            raise IndexError(f"range [{lo}, {hi}) out of bounds for {n} values")
        if lo > hi:
            raise ValueError(f"lo ({lo}) must not exceed hi ({hi})")
        # Python's negative indexing on the prefix list handles indexes counted from the end.
        return self._prefix[hi] - self._prefix[lo]
