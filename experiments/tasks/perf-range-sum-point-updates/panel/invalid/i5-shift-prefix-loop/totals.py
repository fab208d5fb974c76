"""Range totals with a prefix table patched after each update."""


class RangeTotals:
    def __init__(self, values):
        self._values = list(values)
        self._prefix = [0]
        for v in self._values:
            self._prefix.append(self._prefix[-1] + v)

    def _check(self, i):
        if not 0 <= i < len(self._values):
            raise IndexError(f"position {i} out of range")

    def add(self, i, delta):
        self._check(i)
        self._values[i] += delta
        for j in range(i + 1, len(self._prefix)):
            self._prefix[j] += delta

    def set(self, i, value):
        self._check(i)
        self.add(i, value - self._values[i])

    def get(self, i):
        self._check(i)
        return self._values[i]

    def total(self, lo, hi):
        self._check(lo)
        self._check(hi)
        if lo > hi:
            return 0
        return self._prefix[hi + 1] - self._prefix[lo]
