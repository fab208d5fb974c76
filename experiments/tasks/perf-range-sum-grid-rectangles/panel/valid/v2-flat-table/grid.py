"""Summed-area table stored in one flat list."""


class GridSums:
    def __init__(self, grid):
        self.rows = len(grid)
        self.cols = len(grid[0]) if grid else 0
        for row in grid:
            if len(row) != self.cols:
                raise ValueError(f"row of length {len(row)}, expected {self.cols}")
        stride = self.cols + 1
        flat = [0] * ((self.rows + 1) * stride)
        for r, row in enumerate(grid):
            base = (r + 1) * stride
            prev = r * stride
            acc = 0
            for c, value in enumerate(row):
                acc += value
                flat[base + c + 1] = flat[prev + c + 1] + acc
        self._flat = flat
        self._stride = stride

    def rect(self, r1, c1, r2, c2):
        for v, limit in ((r1, self.rows), (r2, self.rows), (c1, self.cols), (c2, self.cols)):
            if v < 0 or v >= limit:
                raise IndexError(f"coordinate {v} outside the grid")
        r1, r2 = sorted((r1, r2))
        c1, c2 = sorted((c1, c2))
        s, f = self._stride, self._flat
        return (f[(r2 + 1) * s + c2 + 1] - f[r1 * s + c2 + 1]
                - f[(r2 + 1) * s + c1] + f[r1 * s + c1])
