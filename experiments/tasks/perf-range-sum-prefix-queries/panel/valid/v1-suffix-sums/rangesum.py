"""Range sums from suffix sums: sum(values[lo:hi]) = suffix[lo] - suffix[hi]."""


class RangeSum:
    def __init__(self, values):
        data = list(values)
        suffix = [0] * (len(data) + 1)
        for i in range(len(data) - 1, -1, -1):
            suffix[i] = suffix[i + 1] + data[i]
        self._suffix = suffix
        self._n = len(data)

    def query(self, lo, hi):
        n = self._n
        for idx in (lo, hi):
            if idx < -n or idx > n:
                raise IndexError("index out of range")
        if lo < 0:
            lo += n
        if hi < 0:
            hi += n
        if hi < lo:
            raise ValueError("empty or reversed range")
        return self._suffix[lo] - self._suffix[hi]
