"""Render rows as a GitHub-flavoured Markdown table."""

ALIGNMENTS = ("left", "right", "center")


def _cell(value):
    text = "" if value is None else str(value)
    return text.replace("|", "\\|").replace("\n", "<br>")


def _pad(text, width, how):
    room = width - len(text)
    if how == "right":
        return " " * room + text
    if how == "center":
        return " " * (room // 2) + text + " " * (room - room // 2)
    return text + " " * room


def _marker(width, how):
    if how == "left":
        return ":" + "-" * (width - 1)
    if how == "right":
        return "-" * (width - 1) + ":"
    if how == "center":
        return ":" + "-" * (width - 2) + ":"
    return "-" * width


def to_markdown(headers, rows, align=None):
    """Return the Markdown table as lines joined by newlines."""
    if not headers:
        raise ValueError("at least one header is needed")
    count = len(headers)
    if align is not None:
        if len(align) != count or any(a not in ALIGNMENTS for a in align):
            raise ValueError("align needs one of left/right/center per column")
    grid = [[_cell(h) for h in headers]]
    for row in rows:
        if len(row) > count:
            raise ValueError("row has more cells than there are headers")
        grid.append([_cell(v) for v in row] + [""] * (count - len(row)))
    widths = [max([1] + [len(r[i]) for r in grid]) for i in range(count)]
    hows = list(align) if align is not None else [None] * count

    def line(cells):
        return "| " + " | ".join(_pad(c, w, h) for c, w, h in zip(cells, widths, hows)) + " |"

    out = [line(grid[0])]
    out.append("| " + " | ".join(_marker(w, h) for w, h in zip(widths, hows)) + " |")
    out.extend(line(r) for r in grid[1:])
    return "\n".join(out)
