"""Horizontal bar chart in plain text."""

import math


def _value_text(value):
    return format(value, "g") if isinstance(value, float) else str(value)


def render_bars(items, width=40):
    """Return the chart as lines joined by newlines."""
    if width < 1:
        raise ValueError("width must be at least 1")
    items = list(items)
    for label, value in items:
        if value < 0:
            raise ValueError(f"negative value for {label!r}: {value}")
    if not items:
        return ""
    top = max(value for _, value in items)
    label_width = max(len(label) for label, _ in items)
    lines = []
    for label, value in items:
        length = math.floor(value / top * width + 0.5) if top else 0
        bar = "#" * length
        lines.append(f"{label.ljust(label_width)} | {bar + ' ' if bar else ''}{_value_text(value)}")
    return "\n".join(lines)
