"""Fenwick's original 0-based layout (i | i + 1 upward, (i & i + 1) - 1 downward)."""


class RangeTotals:
    def __init__(self, values):
        self._n = len(values)
        self._t = [0] * self._n
        self._raw = [0] * self._n
        for i, v in enumerate(values):
            self.add(i, v)

    def _guard(self, *positions):
        for i in positions:
            if i < 0 or i >= self._n:
                raise IndexError(f"{i} outside 0..{self._n - 1}")

    def add(self, i, delta):
        self._guard(i)
        self._raw[i] += delta
        while i < self._n:
            self._t[i] += delta
            i |= i + 1

    def set(self, i, value):
        self._guard(i)
        self.add(i, value - self._raw[i])

    def get(self, i):
        self._guard(i)
        return self._raw[i]

    def _upto(self, i):
        """Sum of positions 0..i inclusive (0 when i < 0)."""
        s = 0
        while i >= 0:
            s += self._t[i]
            i = (i & (i + 1)) - 1
        return s

    def total(self, lo, hi):
        self._guard(lo, hi)
        return self._upto(hi) - self._upto(lo - 1) if lo <= hi else 0
