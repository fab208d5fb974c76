"""Ranked bars: sort twice (stable) and format with str methods."""


def rank_bars(data, width=30, top=None, label_width=12):
    if width < 1 or label_width < 2 or (top is not None and top < 1):
        raise ValueError("width >= 1, label_width >= 2 and top >= 1 are required")
    for key, val in data.items():
        if type(val) is not int:
            if not isinstance(val, int) or isinstance(val, bool):
                raise TypeError(f"{key}: expected int, got {type(val).__name__}")
        if val < 0:
            raise ValueError(f"{key}: negative")
    entries = sorted(data.items())
    entries.sort(key=lambda kv: kv[1], reverse=True)
    peak = max(data.values(), default=0)
    rows = []
    for key, val in entries[:top] if top is not None else entries:
        name = key if len(key) <= label_width else key[: label_width - 1] + "~"
        size = (val * width) // peak if peak else 0
        rows.append(name.ljust(label_width) + " " + ("=" * size + " " if size else "") + str(val))
    rest = len(entries) - (min(top, len(entries)) if top is not None else len(entries))
    if rest > 0:
        rows.append("... and %d more" % rest)
    return "\n".join(rows)
