"""Percentage bars computed with exact fractions."""

from fractions import Fraction

PARTS = "\u258f\u258e\u258d\u258c\u258b\u258a\u2589"


def percent_bars(items, width=20):
    if width < 1:
        raise ValueError("width must be positive")
    data = list(items)
    bad = [label for label, f in data if not (0 <= f <= 1)]
    if bad:
        raise ValueError("out of range: " + ", ".join(bad))
    label_w = max((len(label) for label, _ in data), default=0)
    lines = []
    for label, f in data:
        eighths = int(Fraction(f) * width * 8 + Fraction(1, 2))
        bar = "\u2588" * (eighths // 8)
        if eighths % 8:
            bar += PARTS[eighths % 8 - 1]
        pct = "%.1f%%" % (f * 100)
        lines.append(" ".join([label.ljust(label_w), bar.ljust(width), pct.rjust(6)]))
    return "\n".join(lines)
