"""Width-limited table via format specifications."""

from numbers import Real


def fit_table(headers, rows, max_col_width=20):
    limit = max_col_width
    if limit < 4:
        raise ValueError("limit too small")
    rows = [tuple(r) for r in rows]
    for r in rows:
        if len(r) != len(headers):
            raise ValueError("ragged rows are not allowed")

    def is_num(v):
        return isinstance(v, Real) and not isinstance(v, bool)

    def show(v):
        if v is None:
            return ""
        if isinstance(v, bool):
            return ("no", "yes")[v]
        if isinstance(v, float):
            return f"{v:.2f}"
        return f"{v}"

    def cut(s):
        return s if len(s) <= limit else f"{s[:limit - 3]}..."

    specs = []
    body = [[show(v) if is_num(v) else cut(show(v)) for v in r] for r in rows]
    for c, h in enumerate(headers):
        col = [r[c] for r in rows]
        filled = [v for v in col if v is not None]
        align = ">" if filled and all(map(is_num, filled)) else "<"
        width = max(len(s) for s in [cut(h)] + [b[c] for b in body])
        specs.append((align, width))

    def fmt(cells):
        return "  ".join(f"{s:{a}{w}}" for s, (a, w) in zip(cells, specs)).rstrip()

    lines = [fmt([cut(h) for h in headers]), fmt(["=" * w for _, w in specs])]
    lines += [fmt(b) for b in body]
    return "\n".join(lines)
