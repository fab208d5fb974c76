"""Plain text table assembled with explicit padding arithmetic."""


def _as_text(value):
    if value is None:
        return ""
    return str(value)


def render_table(headers, rows):
    count = len(headers)
    table = [[(h, False) for h in headers]]
    for row in rows:
        extra = len(row) - count
        if extra > 0:
            raise ValueError(f"{extra} cell(s) too many")
        cells = []
        for k in range(count):
            v = row[k] if k < len(row) else None
            cells.append((_as_text(v), not isinstance(v, bool) and isinstance(v, (int, float))))
        table.append(cells)
    widths = [0] * count
    for cells in table:
        for k, (text, _) in enumerate(cells):
            if len(text) > widths[k]:
                widths[k] = len(text)
    rendered = []
    for cells in table:
        pieces = []
        for (text, right), w in zip(cells, widths):
            gap = " " * (w - len(text))
            pieces.append(gap + text if right else text + gap)
        rendered.append(" | ".join(pieces).rstrip(" "))
    rendered.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(rendered)
