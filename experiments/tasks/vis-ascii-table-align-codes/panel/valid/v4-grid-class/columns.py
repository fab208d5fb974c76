"""Column layout through a small Grid class."""


class Grid:
    def __init__(self, rows):
        self.ncols = max((len(r) for r in rows), default=0)
        self.cells = [tuple(r) + ("",) * (self.ncols - len(r)) for r in rows]
        for r in self.cells:
            for c in r:
                if "\n" in c or "\r" in c:
                    raise ValueError("cells may not contain line breaks")
        self.widths = [max((len(r[i]) for r in self.cells), default=0)
                       for i in range(self.ncols)]

    def codes(self, align):
        if not align:
            return ["l"] * self.ncols
        return [align[i] if i < len(align) else align[-1] for i in range(self.ncols)]

    @staticmethod
    def fit(text, width, code):
        if code == "l":
            return text.ljust(width)
        if code == "r":
            return text.rjust(width)
        left = (width - len(text)) // 2
        return (" " * left + text).ljust(width)


def layout(rows, align, gap=2):
    unknown = [c for c in align if c not in "lrc"]
    if unknown:
        raise ValueError(f"alignment code(s) {unknown} not understood")
    if gap <= 0:
        raise ValueError("gap must be a positive number of spaces")
    grid = Grid(rows)
    codes = grid.codes(align)
    sep = " " * gap
    return [
        sep.join(Grid.fit(t, w, k) for t, w, k in zip(r, grid.widths, codes)).rstrip()
        for r in grid.cells
    ]
