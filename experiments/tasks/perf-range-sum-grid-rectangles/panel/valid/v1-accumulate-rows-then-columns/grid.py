"""Summed-area table built with accumulate along rows, then down the columns."""
from itertools import accumulate


class GridSums:
    def __init__(self, grid):
        widths = {len(row) for row in grid}
        if len(widths) > 1:
            raise ValueError("ragged grid")
        self._h = len(grid)
        self._w = widths.pop() if widths else 0
        row_prefix = [[0, *accumulate(row)] for row in grid]
        zero = [0] * (self._w + 1)
        columns = zip(zero, *row_prefix)
        cum_cols = [list(accumulate(col)) for col in columns]
        # transpose back: table[r][c]
        self._t = [list(r) for r in zip(*cum_cols)] if cum_cols else [[0]]

    def rect(self, r1, c1, r2, c2):
        if min(r1, r2) < 0 or max(r1, r2) >= self._h:
            raise IndexError("row outside grid")
        if min(c1, c2) < 0 or max(c1, c2) >= self._w:
            raise IndexError("column outside grid")
        top, bottom = min(r1, r2), max(r1, r2) + 1
        left, right = min(c1, c2), max(c1, c2) + 1
        t = self._t
        return t[bottom][right] - t[top][right] - t[bottom][left] + t[top][left]
