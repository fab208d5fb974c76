"""Render rows of values as an aligned plain-text table."""


def _text(value):
    return "" if value is None else str(value)


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def render_table(headers, rows):
    """Return the table as lines joined by newlines (no trailing newline)."""
    ncols = len(headers)
    grid = []
    for row in rows:
        if len(row) > ncols:
            raise ValueError(f"row has {len(row)} cells but there are {ncols} headers")
        grid.append(list(row) + [None] * (ncols - len(row)))
    widths = [0] * ncols
    for row in grid:
        for i, value in enumerate(row):
            widths[i] = max(widths[i], len(_text(value)))
    lines = [" | ".join(h.ljust(w) for h, w in zip(headers, widths))]
    lines.append("-+-".join("-" * w for w in widths))
    for row in grid:
        cells = []
        for value, width in zip(row, widths):
            text = _text(value)
            cells.append(text.rjust(width) if _is_number(value) else text.ljust(width))
        lines.append(" | ".join(cells))
    return "\n".join(line.rstrip(" ") for line in lines)
