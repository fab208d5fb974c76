"""Bar chart with exact decimal scaling (ROUND_HALF_UP)."""

from decimal import ROUND_HALF_UP, Decimal


def render_bars(items, width=40):
    if width < 1:
        raise ValueError("width must be positive")
    pairs = [(str(label), value) for label, value in items]
    if any(v < 0 for _, v in pairs):
        raise ValueError("values must not be negative")
    if not pairs:
        return ""
    largest = Decimal(max(v for _, v in pairs))
    pad = max(len(label) for label, _ in pairs)
    out = []
    for label, v in pairs:
        if largest == 0:
            n = 0
        else:
            exact = Decimal(v) / largest * width
            n = int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
        shown = format(v, "g") if isinstance(v, float) else str(v)
        middle = "#" * n + " " if n else ""
        out.append(label.ljust(pad) + " | " + middle + shown)
    return "\n".join(out)
