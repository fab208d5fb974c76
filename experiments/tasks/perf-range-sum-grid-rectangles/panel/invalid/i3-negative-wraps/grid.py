"""Rectangle sums over a 2D grid; negative coordinates count from the end."""


class GridSums:
    def __init__(self, grid):
        rows = len(grid)
        cols = len(grid[0]) if rows else 0
        if any(len(row) != cols for row in grid):
            raise ValueError("all rows must have the same length")
        table = [[0] * (cols + 1) for _ in range(rows + 1)]
        for r in range(rows):
            running = 0
            for c in range(cols):
                running += grid[r][c]
                table[r + 1][c + 1] = table[r][c + 1] + running
        self._table = table
        self._rows = rows
        self._cols = cols

    def rect(self, r1, c1, r2, c2):
        r1, r2 = (r % self._rows if -self._rows <= r < 0 else r for r in (r1, r2))
        c1, c2 = (c % self._cols if -self._cols <= c < 0 else c for c in (c1, c2))
        for r in (r1, r2):
            if not 0 <= r < self._rows:
                raise IndexError(f"row {r} out of range")
        for c in (c1, c2):
            if not 0 <= c < self._cols:
                raise IndexError(f"column {c} out of range")
        r1, r2 = min(r1, r2), max(r1, r2)
        c1, c2 = min(c1, c2), max(c1, c2)
        t = self._table
        return t[r2 + 1][c2 + 1] - t[r1][c2 + 1] - t[r2 + 1][c1] + t[r1][c1]
