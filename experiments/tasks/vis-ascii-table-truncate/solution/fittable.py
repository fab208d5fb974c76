"""Render a table whose text columns are limited in width."""

MARK = "..."


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _clip(text, limit):
    return text if len(text) <= limit else text[: limit - len(MARK)] + MARK


def _pad(text, width, numeric):
    return text.rjust(width) if numeric else text.ljust(width)


def fit_table(headers, rows, max_col_width=20):
    """Return the table as lines joined by newlines."""
    if max_col_width < 4:
        raise ValueError("max_col_width must be at least 4")
    for row in rows:
        if len(row) != len(headers):
            raise ValueError("every row needs one cell per header")
    columns = []
    for index, header in enumerate(headers):
        values = [row[index] for row in rows]
        present = [v for v in values if v is not None]
        numeric = bool(present) and all(_is_number(v) for v in present)
        texts = [_text(v) if _is_number(v) else _clip(_text(v), max_col_width) for v in values]
        title = _clip(header, max_col_width)
        width = max([len(title)] + [len(t) for t in texts])
        columns.append((title, texts, width, numeric))
    lines = ["  ".join(_pad(title, w, num) for title, _, w, num in columns)]
    lines.append("  ".join("=" * w for _, _, w, _ in columns))
    for r in range(len(rows)):
        lines.append("  ".join(_pad(texts[r], w, num) for _, texts, w, num in columns))
    return "\n".join(line.rstrip() for line in lines)
