"""Markdown table from a column-major transpose."""


def to_markdown(headers, rows, align=None):
    headers = list(headers)
    if not headers:
        raise ValueError("empty headers")
    k = len(headers)
    if align is not None:
        if len(align) != k:
            raise ValueError("one alignment per column is required")
        for a in align:
            if a not in {"left", "right", "center"}:
                raise ValueError("alignment must be left, right or center")
    filled = []
    for row in rows:
        row = list(row)
        if len(row) > k:
            raise ValueError("row has too many cells")
        filled.append(row + [None] * (k - len(row)))
    columns = []
    for j in range(k):
        texts = [headers[j]] + [("" if r[j] is None else str(r[j])) for r in filled]
        texts = [t.replace("|", "\\|").replace("\n", "<br>") for t in texts]
        w = max([3] + [len(t) for t in texts])
        a = None if align is None else align[j]
        if a == "right":
            cells = [t.rjust(w) for t in texts]
            mark = "-" * (w - 1) + ":"
        elif a == "center":
            cells = [" " * ((w - len(t)) // 2) + t + " " * (w - len(t) - (w - len(t)) // 2)
                     for t in texts]
            mark = ":" + "-" * (w - 2) + ":"
        else:
            cells = [t.ljust(w) for t in texts]
            mark = "-" * w if a is None else ":" + "-" * (w - 1)
        columns.append((cells, mark))
    lines = []
    for i in range(len(filled) + 1):
        lines.append("| " + " | ".join(cells[i] for cells, _ in columns) + " |")
    lines.insert(1, "| " + " | ".join(mark for _, mark in columns) + " |")
    return "\n".join(lines)
