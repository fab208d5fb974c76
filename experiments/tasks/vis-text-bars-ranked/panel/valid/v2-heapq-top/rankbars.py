"""Ranked bars selected with heapq when top is given."""

import heapq


def _check(data, width, top, label_width):
    if width < 1:
        raise ValueError("bad width")
    if label_width < 2:
        raise ValueError("bad label_width")
    if top is not None and top < 1:
        raise ValueError("bad top")
    for label, v in data.items():
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError("values must be integers")
        if v < 0:
            raise ValueError("values must not be negative")


def rank_bars(data, width=30, top=None, label_width=12):
    _check(data, width, top, label_width)
    key = lambda kv: (-kv[1], kv[0])  # noqa: E731
    items = list(data.items())
    chosen = sorted(items, key=key) if top is None else heapq.nsmallest(top, items, key=key)
    biggest = max((v for _, v in items), default=0)
    out = []
    for label, v in chosen:
        field = f"{label[:label_width - 1]}~" if len(label) > label_width else f"{label:<{label_width}}"
        bar = "=" * (v * width // biggest) if biggest else ""
        out.append(" ".join(part for part in (field, bar, str(v)) if part != "") if bar
                   else f"{field} {v}")
    if len(chosen) < len(items):
        out.append(f"... and {len(items) - len(chosen)} more")
    return "\n".join(out)
