"""Boxed table: pad every column first, then join the padded grid."""


def _pad_column(header, values):
    texts = ["" if v is None else str(v) for v in values]
    width = max([len(header)] + [len(t) for t in texts])
    padded = [header.ljust(width)]
    for v, t in zip(values, texts):
        right = isinstance(v, (int, float)) and not isinstance(v, bool)
        padded.append(t.rjust(width) if right else t.ljust(width))
    return width, padded


def render_box(headers, rows, title=None):
    for i, r in enumerate(rows):
        if len(r) != len(headers):
            raise ValueError(f"row index {i} does not match the header length")
    columns = [_pad_column(h, [r[c] for r in rows]) for c, h in enumerate(headers)]
    widths = [w for w, _ in columns]
    grid = list(zip(*[cells for _, cells in columns]))
    dash = "+-" + "-+-".join("-" * w for w in widths) + "-+"
    equal = "+=" + "=+=".join("=" * w for w in widths) + "=+"
    lines = [dash, "| " + " | ".join(grid[0]) + " |", equal]
    lines += ["| " + " | ".join(line) + " |" for line in grid[1:]]
    lines.append(dash)
    if title is not None:
        span = len(dash) - 4
        if len(title) > span:
            raise ValueError("title does not fit")
        lines = ["+" + "-" * (span + 2) + "+", "| " + title + " " * (span - len(title)) + " |"] + lines
    return "\n".join(lines)
