"""Markdown table with format specs and a lookup table of markers."""

SPECS = {None: "<", "left": "<", "right": ">", "center": "^"}


def to_markdown(headers, rows, align=None):
    n = len(headers)
    if n == 0:
        raise ValueError("no columns")
    if align is None:
        kinds = [None] * n
    else:
        kinds = list(align)
        if len(kinds) != n or not set(kinds) <= {"left", "right", "center"}:
            raise ValueError(f"bad align {align!r}")

    def esc(v):
        s = "" if v is None else f"{v}"
        return s.replace("|", "\\|").replace("\n", "<br>")

    body = []
    for r in rows:
        if len(r) > n:
            raise ValueError("too many cells")
        body.append([esc(v) for v in r] + [""] * (n - len(r)))
    head = [esc(h) for h in headers]
    widths = [max(3, len(head[i]), *(len(b[i]) for b in body)) for i in range(n)]

    def marker(k, w):
        return {None: "-" * w, "left": ":" + "-" * (w - 1), "right": "-" * (w - 1) + ":",
                "center": ":" + "-" * (w - 2) + ":"}[k]

    def fmt(cells):
        return "| " + " | ".join(f"{c:{SPECS[k]}{w}}" for c, k, w in zip(cells, kinds, widths)) + " |"

    return "\n".join([fmt(head), "| " + " | ".join(marker(k, w) for k, w in zip(kinds, widths))
                      + " |"] + [fmt(b) for b in body])
