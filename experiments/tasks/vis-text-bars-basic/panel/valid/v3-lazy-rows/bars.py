"""Bar chart whose rows are generated lazily."""


def _rows(items, width):
    top = max((v for _, v in items), default=0)
    pad = max((len(lbl) for lbl, _ in items), default=0)
    for label, value in items:
        size = int(value / top * width + 0.5) if top > 0 else 0
        text = format(value, "g") if type(value) is float else str(value)
        yield label + " " * (pad - len(label)), "#" * size, text


def render_bars(items, width=40):
    if width < 1:
        raise ValueError(f"width {width} is not allowed")
    items = list(items)
    for _, value in items:
        if value < 0:
            raise ValueError("bar charts cannot show negative values")
    return "\n".join(
        f"{label} | {bar} {text}" if bar else f"{label} | {text}"
        for label, bar, text in _rows(items, width)
    )
