"""Blocks that keep their own prefix sums; block totals summed at C speed."""
from itertools import accumulate

_B = 256


class RangeTotals:
    def __init__(self, values):
        vals = list(values)
        self._n = len(vals)
        self._chunks = [vals[s:s + _B] for s in range(0, len(vals), _B)]
        self._pre = [list(accumulate(c, initial=0)) for c in self._chunks]
        self._tot = [p[-1] for p in self._pre]

    def _locate(self, i):
        if not 0 <= i < self._n:
            raise IndexError("position out of range")
        return divmod(i, _B)

    def set(self, i, value):
        c, off = self._locate(i)
        self._chunks[c][off] = value
        self._pre[c] = list(accumulate(self._chunks[c], initial=0))
        self._tot[c] = self._pre[c][-1]

    def add(self, i, delta):
        c, off = self._locate(i)
        self.set(i, self._chunks[c][off] + delta)

    def get(self, i):
        c, off = self._locate(i)
        return self._chunks[c][off]

    def total(self, lo, hi):
        c1, o1 = self._locate(lo)
        c2, o2 = self._locate(hi)
        if lo > hi:
            return 0
        if c1 == c2:
            return self._pre[c1][o2 + 1] - self._pre[c1][o1]
        return (self._tot[c1] - self._pre[c1][o1]
                + sum(self._tot[c1 + 1:c2])
                + self._pre[c2][o2 + 1])
