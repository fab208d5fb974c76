"""Rectangle sums over a 2D grid with a summed-area table."""


class GridSums:
    """Answers inclusive rectangle sums in O(1) after O(rows * cols) preprocessing."""

    def __init__(self, grid):
        rows = len(grid)
        cols = len(grid[0]) if rows else 0
        if any(len(row) != cols for row in grid):
            raise ValueError("all rows must have the same length")
        table = [[0] * (cols + 1) for _ in range(rows + 1)]
        for r in range(rows):
            running = 0
            row = grid[r]
            above = table[r]
            here = table[r + 1]
            for c in range(cols):
                running += row[c]
                here[c + 1] = above[c + 1] + running
        self._table = table
        self._rows = rows
        self._cols = cols

    def rect(self, r1, c1, r2, c2):
        for r in (r1, r2):
            if not 0 <= r < self._rows:
                raise IndexError(f"row {r} out of range")
        for c in (c1, c2):
            if not 0 <= c < self._cols:
                raise IndexError(f"column {c} out of range")
        if r1 > r2:
            r1, r2 = r2, r1
        if c1 > c2:
            c1, c2 = c2, c1
        t = self._table
        return t[r2][c2] - t[r1][c2] - t[r2][c1] + t[r1][c1]
