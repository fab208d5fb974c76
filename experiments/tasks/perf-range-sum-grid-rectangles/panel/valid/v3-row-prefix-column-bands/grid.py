"""Per-row prefix sums stacked cumulatively, stored as tuples."""


class GridSums:
    def __init__(self, grid):
        if grid and any(len(row) != len(grid[0]) for row in grid):
            raise ValueError("rows differ in length")
        self._shape = (len(grid), len(grid[0]) if grid else 0)
        layers = [(0,) * (self._shape[1] + 1)]
        for row in grid:
            line = [0]
            for value in row:
                line.append(line[-1] + value)
            previous = layers[-1]
            layers.append(tuple(a + b for a, b in zip(previous, line)))
        self._layers = layers

    def _inside(self, value, limit):
        if not 0 <= value < limit:
            raise IndexError(value)

    def rect(self, r1, c1, r2, c2):
        rows, cols = self._shape
        self._inside(r1, rows)
        self._inside(r2, rows)
        self._inside(c1, cols)
        self._inside(c2, cols)
        lo_r, hi_r = (r1, r2) if r1 <= r2 else (r2, r1)
        lo_c, hi_c = (c1, c2) if c1 <= c2 else (c2, c1)
        below, above = self._layers[hi_r + 1], self._layers[lo_r]
        return (below[hi_c + 1] - below[lo_c]) - (above[hi_c + 1] - above[lo_c])
