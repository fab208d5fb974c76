"""Bar chart: multiply first, then divide, floor of x + 1/2."""

import math


def render_bars(items, width=40):
    if not width >= 1:
        raise ValueError("width < 1")
    items = [tuple(pair) for pair in items]
    if not items:
        return ""
    negatives = [label for label, v in items if v < 0]
    if negatives:
        raise ValueError("negative values: " + ", ".join(negatives))
    biggest = max(v for _, v in items)
    longest = max(len(label) for label, _ in items)
    lines = []
    for label, v in items:
        n = 0 if biggest == 0 else math.floor(v * width / biggest + 0.5)
        text = f"{v:g}" if isinstance(v, float) else f"{v}"
        lines.append(f"{label:<{longest}} |" + (" " + "#" * n if n else "") + " " + text)
    return "\n".join(lines)
