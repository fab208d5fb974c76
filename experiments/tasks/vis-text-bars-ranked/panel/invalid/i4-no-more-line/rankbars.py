"""Ranked bar chart with fixed-width labels."""

MARK = "~"


def _label(text, width):
    if len(text) > width:
        return text[: width - 1] + MARK
    return text.ljust(width)


def rank_bars(data, width=30, top=None, label_width=12):
    """Return the ranked chart as lines joined by newlines."""
    if width < 1:
        raise ValueError("width must be at least 1")
    if label_width < 2:
        raise ValueError("label_width must be at least 2")
    if top is not None and top < 1:
        raise ValueError("top must be at least 1")
    for label, value in data.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"value for {label!r} is not an integer")
        if value < 0:
            raise ValueError(f"value for {label!r} is negative")
    ranked = sorted(data.items(), key=lambda item: (-item[1], item[0]))
    shown = ranked if top is None else ranked[:top]
    largest = ranked[0][1] if ranked else 0
    lines = []
    for label, value in shown:
        length = value * width // largest if largest else 0
        bar = "=" * length
        lines.append(f"{_label(label, label_width)} {bar + ' ' if bar else ''}{value}")
    hidden = len(ranked) - len(shown)
    if hidden and top is None:
        lines.append(f"... and {hidden} more")
    return "\n".join(lines)
