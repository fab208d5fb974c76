"""Arrange rows of strings into aligned columns."""

CODES = "lrc"


def _pad(text, width, code):
    room = width - len(text)
    if code == "r":
        return " " * room + text
    if code == "c":
        left = room // 2
        return " " * left + text + " " * (room - left)
    return text + " " * room


def layout(rows, align, gap=2):
    """Return the aligned lines, without trailing spaces, as a list of strings."""
    for code in align:
        if code not in CODES:
            raise ValueError(f"unknown alignment code {code!r}")
    if gap < 1:
        raise ValueError("gap must be at least 1")
    ncols = max((len(row) for row in rows), default=0)
    grid = [list(row) + [""] * (ncols - len(row)) for row in rows]
    for row in grid:
        for cell in row:
            if "\n" in cell:
                raise ValueError("cells must be single-line")
    widths = [max(len(row[i]) for row in grid) for i in range(ncols)]
    codes = [align[i] if i < len(align) else "l" for i in range(ncols)]
    sep = " " * gap
    return [
        sep.join(_pad(cell, w, k) for cell, w, k in zip(row, widths, codes)).rstrip(" ")
        for row in grid
    ]
