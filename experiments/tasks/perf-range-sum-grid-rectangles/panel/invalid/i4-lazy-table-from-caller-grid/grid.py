"""Rectangle sums; the summed-area table is built on the first query."""


class GridSums:
    def __init__(self, grid):
        self._grid = grid
        self._rows = len(grid)
        self._cols = len(grid[0]) if grid else 0
        if any(len(row) != self._cols for row in grid):
            raise ValueError("all rows must have the same length")
        self._table = None

    def _build(self):
        table = [[0] * (self._cols + 1) for _ in range(self._rows + 1)]
        for r in range(self._rows):
            running = 0
            for c in range(self._cols):
                running += self._grid[r][c]
                table[r + 1][c + 1] = table[r][c + 1] + running
        self._table = table

    def rect(self, r1, c1, r2, c2):
        if not (0 <= r1 < self._rows and 0 <= r2 < self._rows):
            raise IndexError("row out of range")
        if not (0 <= c1 < self._cols and 0 <= c2 < self._cols):
            raise IndexError("column out of range")
        if self._table is None:
            self._build()
        r1, r2 = min(r1, r2), max(r1, r2)
        c1, c2 = min(c1, c2), max(c1, c2)
        t = self._table
        return t[r2 + 1][c2 + 1] - t[r1][c2 + 1] - t[r2 + 1][c1] + t[r1][c1]
