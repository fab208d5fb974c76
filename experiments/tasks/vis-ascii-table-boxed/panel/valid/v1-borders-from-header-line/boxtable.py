"""Boxed table whose borders are derived from the header line itself."""

import re


def _show(v):
    return "" if v is None else str(v)


def render_box(headers, rows, title=None):
    for r in rows:
        if len(r) != len(headers):
            raise ValueError("ragged row")
    width = [len(h) for h in headers]
    for r in rows:
        for i, v in enumerate(r):
            width[i] = max(width[i], len(_show(v)))

    def content(cells):
        return "| " + " | ".join(cells) + " |"

    head = content([h.ljust(w) for h, w in zip(headers, width)])
    skeleton = re.sub(r"[^|]", "-", head).replace("|", "+")
    body = []
    for r in rows:
        cells = []
        for v, w in zip(r, width):
            num = isinstance(v, (int, float)) and not isinstance(v, bool)
            cells.append(_show(v).rjust(w) if num else _show(v).ljust(w))
        body.append(content(cells))
    out = [skeleton, head, skeleton.replace("-", "="), *body, skeleton]
    if title is not None:
        room = len(head) - 4
        if len(title) > room:
            raise ValueError(f"title needs {len(title)} columns, only {room} available")
        out = ["+" + "-" * (len(head) - 2) + "+", f"| {title:<{room}} |"] + out
    return "\n".join(out)
