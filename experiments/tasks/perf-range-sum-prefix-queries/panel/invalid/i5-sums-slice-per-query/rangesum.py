"""Range queries answered by summing the slice."""


class RangeSum:
    def __init__(self, values):
        self._values = list(values)

    def query(self, lo, hi):
        n = len(self._values)
        if not (-n <= lo <= n and -n <= hi <= n):
            raise IndexError("index out of range")
        lo = lo + n if lo < 0 else lo
        hi = hi + n if hi < 0 else hi
        if lo > hi:
            raise ValueError("lo must not exceed hi")
        return sum(self._values[lo:hi])
