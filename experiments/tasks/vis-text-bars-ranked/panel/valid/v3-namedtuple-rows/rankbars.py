"""Ranked bars using divmod-free integer scaling and a Row tuple."""

from collections import namedtuple

Row = namedtuple("Row", "label value")


def _fit(label, n):
    return label.ljust(n) if len(label) <= n else label[: n - 1] + "~"


def rank_bars(data, width=30, top=None, label_width=12):
    rows = [Row(k, v) for k, v in data.items()]
    for r in rows:
        if not isinstance(r.value, int) or isinstance(r.value, bool):
            raise TypeError(f"{r.label!r} has a non-integer value")
    if any(r.value < 0 for r in rows):
        raise ValueError("negative values are not allowed")
    if width < 1:
        raise ValueError("width must be positive")
    if label_width < 2:
        raise ValueError("label_width must be 2 or more")
    if top is not None and top < 1:
        raise ValueError("top must be positive")
    rows.sort(key=lambda r: r.label)
    rows.sort(key=lambda r: r.value, reverse=True)
    largest = rows[0].value if rows else 0
    limit = len(rows) if top is None else min(top, len(rows))
    text = []
    for r in rows[:limit]:
        bar_len = 0
        if largest:
            bar_len = r.value * width // largest
        middle = " " + "=" * bar_len if bar_len else ""
        text.append(f"{_fit(r.label, label_width)}{middle} {r.value}")
    if limit < len(rows):
        text.append(f"... and {len(rows) - limit} more")
    return "\n".join(text)
