"""Plain text table using format specifications."""

from numbers import Real


def render_table(headers, rows):
    width = [len(h) for h in headers]
    prepared = []
    for row in rows:
        if len(row) > len(headers):
            raise ValueError(f"expected at most {len(headers)} cells, got {len(row)}")
        cells = []
        for i in range(len(headers)):
            value = row[i] if i < len(row) else None
            text = "" if value is None else f"{value}"
            numeric = isinstance(value, Real) and not isinstance(value, bool)
            cells.append((text, ">" if numeric else "<"))
            width[i] = max(width[i], len(text))
        prepared.append(cells)

    def line(cells):
        joined = " | ".join(f"{t:{a}{w}}" for (t, a), w in zip(cells, width))
        while joined.endswith(" "):
            joined = joined[:-1]
        return joined

    result = [line([(h, "<") for h in headers]), "-+-".join("-" * w for w in width)]
    result += [line(cells) for cells in prepared]
    return "\n".join(result)
