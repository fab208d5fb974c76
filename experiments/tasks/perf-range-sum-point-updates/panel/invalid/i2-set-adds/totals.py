"""Range totals over a list with point updates (Fenwick tree)."""


class RangeTotals:
    def __init__(self, values):
        self._values = list(values)
        n = len(self._values)
        tree = [0] + self._values
        for i in range(1, n + 1):
            parent = i + (i & -i)
            if parent <= n:
                tree[parent] += tree[i]
        self._tree = tree
        self._n = n

    def _check(self, i):
        if not 0 <= i < self._n:
            raise IndexError(f"position {i} out of range for {self._n} values")

    def _prefix(self, count):
        s = 0
        while count > 0:
            s += self._tree[count]
            count -= count & -count
        return s

    def add(self, i, delta):
        self._check(i)
        self._values[i] += delta
        j = i + 1
        while j <= self._n:
            self._tree[j] += delta
            j += j & -j

    def set(self, i, value):
        self._check(i)
        self.add(i, value)

    def get(self, i):
        self._check(i)
        return self._values[i]

    def total(self, lo, hi):
        self._check(lo)
        self._check(hi)
        if lo > hi:
            return 0
        return self._prefix(hi + 1) - self._prefix(lo)
