"""Rectangle sums computed directly from a copy of the grid."""


class GridSums:
    def __init__(self, grid):
        self._rows = len(grid)
        self._cols = len(grid[0]) if grid else 0
        if any(len(row) != self._cols for row in grid):
            raise ValueError("all rows must have the same length")
        self._grid = [list(row) for row in grid]

    def rect(self, r1, c1, r2, c2):
        if not (0 <= r1 < self._rows and 0 <= r2 < self._rows):
            raise IndexError("row out of range")
        if not (0 <= c1 < self._cols and 0 <= c2 < self._cols):
            raise IndexError("column out of range")
        r1, r2 = min(r1, r2), max(r1, r2)
        c1, c2 = min(c1, c2), max(c1, c2)
        return sum(sum(row[c1:c2 + 1]) for row in self._grid[r1:r2 + 1])
