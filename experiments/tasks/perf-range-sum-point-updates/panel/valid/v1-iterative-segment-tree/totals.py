"""Bottom-up segment tree over 2n slots."""


class RangeTotals:
    def __init__(self, values):
        data = list(values)
        n = len(data)
        self._n = n
        self._seg = [0] * n + data
        for i in range(n - 1, 0, -1):
            self._seg[i] = self._seg[2 * i] + self._seg[2 * i + 1]

    def _pos(self, i):
        if i < 0 or i >= self._n:
            raise IndexError("bad position")
        return i + self._n

    def set(self, i, value):
        p = self._pos(i)
        self._seg[p] = value
        p //= 2
        while p >= 1:
            self._seg[p] = self._seg[2 * p] + self._seg[2 * p + 1]
            p //= 2

    def add(self, i, delta):
        self.set(i, self.get(i) + delta)

    def get(self, i):
        return self._seg[self._pos(i)]

    def total(self, lo, hi):
        left = self._pos(lo)
        right = self._pos(hi) + 1
        s = 0
        while left < right:
            if left & 1:
                s += self._seg[left]
                left += 1
            if right & 1:
                right -= 1
                s += self._seg[right]
            left //= 2
            right //= 2
        return s
