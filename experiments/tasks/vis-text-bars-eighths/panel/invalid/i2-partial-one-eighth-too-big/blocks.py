"""Percentage bars drawn with eighth-block characters."""

import math

FULL = "\u2588"
PARTIALS = "\u258f\u258e\u258d\u258c\u258b\u258a\u2589"


def percent_bars(items, width=20):
    """Return one bar line per (label, fraction) pair, joined by newlines."""
    if width < 1:
        raise ValueError("width must be at least 1")
    items = list(items)
    for label, fraction in items:
        if not 0 <= fraction <= 1:
            raise ValueError(f"fraction for {label!r} must be between 0 and 1")
    if not items:
        return ""
    pad = max(len(label) for label, _ in items)
    lines = []
    for label, fraction in items:
        eighths = math.floor(fraction * width * 8 + 0.5)
        full, rest = divmod(eighths, 8)
        bar = FULL * full + (PARTIALS[rest] if rest < 7 else "")
        percent = f"{fraction * 100:.1f}%"
        lines.append(f"{label.ljust(pad)} {bar.ljust(width)} {percent:>6}")
    return "\n".join(lines)
