"""Draw a table with ASCII box borders."""


def _text(value):
    return "" if value is None else str(value)


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _border(widths, fill):
    return "+" + "+".join(fill * (w + 2) for w in widths) + "+"


def _line(cells):
    return "| " + " | ".join(cells) + " |"


def render_box(headers, rows, title=None):
    """Return the boxed table as lines joined by newlines."""
    count = len(headers)
    for number, row in enumerate(rows, start=1):
        if len(row) > count:
            raise ValueError(f"row {number} has {len(row)} cells, expected {count}")
    rows = [list(row) + [None] * (count - len(row)) for row in rows]
    texts = [[_text(value) for value in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in texts]) for i, h in enumerate(headers)]
    lines = [
        _border(widths, "-"),
        _line(h.ljust(w) for h, w in zip(headers, widths)),
        _border(widths, "="),
    ]
    for row, cells in zip(rows, texts):
        lines.append(_line(
            text.rjust(w) if _is_number(value) else text.ljust(w)
            for value, text, w in zip(row, cells, widths)
        ))
    lines.append(_border(widths, "-"))
    if title is not None:
        inner = len(lines[1]) - 4
        if len(title) > inner:
            raise ValueError("title is wider than the table")
        lines[:0] = ["+" + "-" * (inner + 2) + "+", "| " + title.ljust(inner) + " |"]
    return "\n".join(lines)
