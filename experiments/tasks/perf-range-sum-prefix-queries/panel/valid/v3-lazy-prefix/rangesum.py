"""Copies the values eagerly, builds the prefix table on the first query."""


class RangeSum:
    def __init__(self, values):
        self._values = tuple(values)
        self._prefix = None

    def _table(self):
        if self._prefix is None:
            table = [0] * (len(self._values) + 1)
            for i, v in enumerate(self._values):
                table[i + 1] = table[i] + v
            self._prefix = table
        return self._prefix

    def query(self, lo, hi):
        n = len(self._values)
        bounds = []
        for i in (lo, hi):
            j = i + n if i < 0 else i
            if j < 0 or j > n:
                raise IndexError(f"{i} is out of range")
            bounds.append(j)
        lo, hi = bounds
        if lo > hi:
            raise ValueError("lo > hi")
        table = self._table()
        return table[hi] - table[lo]
