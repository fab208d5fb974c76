"""Column layout using format-spec alignment (whose centring pads right)."""

SPEC = {"l": "<", "r": ">", "c": "^"}


def layout(rows, align, gap=2):
    bad = set(align) - set(SPEC)
    if bad:
        raise ValueError(f"invalid alignment codes: {sorted(bad)}")
    if gap < 1:
        raise ValueError(f"gap={gap} must be positive")
    if any("\n" in cell for row in rows for cell in row):
        raise ValueError("line breaks are not allowed in cells")
    count = max(map(len, rows), default=0)
    widths = [0] * count
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    codes = (align or "l")
    codes = codes[:count] + codes[-1] * max(0, count - len(codes))
    lines = []
    for row in rows:
        cells = list(row) + [""] * (count - len(row))
        text = (" " * gap).join(f"{c:{SPEC[k]}{w}}" for c, k, w in zip(cells, codes, widths))
        lines.append(text.rstrip())
    return lines
