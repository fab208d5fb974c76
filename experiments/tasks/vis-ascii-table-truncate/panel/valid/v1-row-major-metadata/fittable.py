"""Width-limited table, built row-major with per-column metadata."""


def render_value(v):
    if v is None:
        return ""
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if isinstance(v, float):
        return format(v, ".2f")
    return str(v)


def numeric(v):
    return not isinstance(v, bool) and isinstance(v, (int, float))


def shorten(text, limit):
    if len(text) > limit:
        return text[: limit - 3] + "..."
    return text


def fit_table(headers, rows, max_col_width=20):
    if max_col_width < 4:
        raise ValueError(f"max_col_width={max_col_width} is too small")
    if any(len(r) != len(headers) for r in rows):
        raise ValueError("row length does not match headers")
    grid = [[render_value(v) if numeric(v) else shorten(render_value(v), max_col_width)
             for v in r] for r in rows]
    heads = [shorten(h, max_col_width) for h in headers]
    right = []
    for c in range(len(headers)):
        vals = [r[c] for r in rows if r[c] is not None]
        right.append(len(vals) > 0 and all(numeric(v) for v in vals))
    widths = [max(len(t) for t in [heads[c]] + [g[c] for g in grid]) for c in range(len(headers))]

    def line(texts):
        parts = [t.rjust(w) if rj else t.ljust(w) for t, w, rj in zip(texts, widths, right)]
        return "  ".join(parts).rstrip()

    out = [line(heads), "  ".join("=" * w for w in widths)] + [line(g) for g in grid]
    return "\n".join(out)
