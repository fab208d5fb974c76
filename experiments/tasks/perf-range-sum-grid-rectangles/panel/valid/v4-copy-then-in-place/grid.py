"""Copy the grid and turn the copy into a padded summed-area table in place."""


class GridSums:
    def __init__(self, grid):
        n_rows = len(grid)
        n_cols = len(grid[0]) if n_rows else 0
        if not all(len(r) == n_cols for r in grid):
            raise ValueError("grid is not rectangular")
        t = [[0] * (n_cols + 1)] + [[0] + list(r) for r in grid]
        for r in range(1, n_rows + 1):
            for c in range(1, n_cols + 1):
                t[r][c] += t[r - 1][c] + t[r][c - 1] - t[r - 1][c - 1]
        self._t = t
        self._dims = (n_rows, n_cols)

    def rect(self, r1, c1, r2, c2):
        n_rows, n_cols = self._dims
        if not (0 <= r1 < n_rows and 0 <= r2 < n_rows):
            raise IndexError("row index out of range")
        if not (0 <= c1 < n_cols and 0 <= c2 < n_cols):
            raise IndexError("column index out of range")
        top, bottom = min(r1, r2), max(r1, r2)
        left, right = min(c1, c2), max(c1, c2)
        t = self._t
        return (t[bottom + 1][right + 1] - t[top][right + 1]
                - t[bottom + 1][left] + t[top][left])
