"""Plain text table built column by column (transpose with zip)."""


def _cell(v):
    return "" if v is None else str(v)


def _right(v):
    return type(v) in (int, float) or (isinstance(v, (int, float)) and not isinstance(v, bool))


def render_table(headers, rows):
    n = len(headers)
    padded = []
    for r in rows:
        r = tuple(r)
        if len(r) > n:
            raise ValueError("too many cells in a row")
        padded.append(r + (None,) * (n - len(r)))
    columns = list(zip(*padded)) if padded else [()] * n
    widths = [max([len(h)] + [len(_cell(v)) for v in col]) for h, col in zip(headers, columns)]
    out = [" | ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()]
    out.append("-+-".join("-" * w for w in widths))
    for r in padded:
        parts = [(_cell(v).rjust(w) if _right(v) else _cell(v).ljust(w)) for v, w in zip(r, widths)]
        out.append(" | ".join(parts).rstrip())
    return "\n".join(out)
