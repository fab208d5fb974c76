"""Markdown table written into a StringIO buffer."""

import io


def _escape(value):
    return ("" if value is None else str(value)).replace("|", "\\|").replace("\n", "<br>")


def to_markdown(headers, rows, align=None):
    if len(headers) < 1:
        raise ValueError("need a header")
    ncol = len(headers)
    how = [None] * ncol if align is None else list(align)
    if len(how) != ncol:
        raise ValueError("align length mismatch")
    for h in how:
        if h not in (None, "left", "right", "center") or (align is not None and h is None):
            raise ValueError(f"unknown alignment {h!r}")
    table = [list(map(_escape, headers))]
    for r in rows:
        if len(r) > ncol:
            raise ValueError("row too long")
        table.append([_escape(r[i]) if i < len(r) else "" for i in range(ncol)])
    widths = [3] * ncol
    for r in table:
        for i, t in enumerate(r):
            widths[i] = max(widths[i], len(t))
    buf = io.StringIO()

    def put(cells):
        buf.write("|")
        for c in cells:
            buf.write(" " + c + " |")
        buf.write("\n")

    def padded(r):
        out = []
        for t, w, h in zip(r, widths, how):
            if h == "right":
                out.append(t.rjust(w))
            elif h == "center":
                left = (w - len(t)) // 2
                out.append((" " * left + t).ljust(w))
            else:
                out.append(t.ljust(w))
        return out

    put(padded(table[0]))
    marks = []
    for w, h in zip(widths, how):
        m = ["-"] * w
        if h in ("left", "center"):
            m[0] = ":"
        if h in ("right", "center"):
            m[-1] = ":"
        marks.append("".join(m))
    put(marks)
    for r in table[1:]:
        put(padded(r))
    return buf.getvalue()[:-1]
