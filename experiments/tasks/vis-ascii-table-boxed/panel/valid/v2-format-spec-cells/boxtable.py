"""Boxed table using format specifications for every cell."""

from numbers import Real


def render_box(headers, rows, title=None):
    rows = [list(r) for r in rows]
    if any(len(r) != len(headers) for r in rows):
        raise ValueError("every row must have one cell per header")
    cells = [[("" if v is None else f"{v}", isinstance(v, Real) and not isinstance(v, bool))
              for v in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in cells:
        widths = [max(w, len(t)) for w, (t, _) in zip(widths, r)]

    def border(ch):
        return "+" + "".join(ch * (w + 2) + "+" for w in widths)

    def row_line(pairs):
        return "|" + "".join(f" {t:{'>' if num else '<'}{w}} |" for (t, num), w in zip(pairs, widths))

    result = [border("-"), row_line([(h, False) for h in headers]), border("=")]
    result.extend(row_line(r) for r in cells)
    result.append(border("-"))
    if title is not None:
        total = len(result[0])
        if len(title) + 4 > total:
            raise ValueError("title too long")
        result = ["+" + "-" * (total - 2) + "+", "| " + f"{title:<{total - 4}}" + " |"] + result
    return "\n".join(result)
