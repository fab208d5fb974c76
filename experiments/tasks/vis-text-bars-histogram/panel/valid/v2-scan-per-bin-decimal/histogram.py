"""Histogram that scans the values once per bin."""

from decimal import ROUND_HALF_UP, Decimal


def histogram(values, edges, width=30):
    edges = list(edges)
    ok = len(edges) >= 2 and all(edges[k] < edges[k + 1] for k in range(len(edges) - 1))
    if not ok:
        raise ValueError(f"bad edges: {edges!r}")
    if width < 1:
        raise ValueError(f"bad width: {width!r}")
    values = list(values)
    bins = []
    for k in range(len(edges) - 1):
        lo, hi = edges[k], edges[k + 1]
        last = k == len(edges) - 2
        inside = [v for v in values if lo <= v < hi or (last and v == hi)]
        label = f"[{lo:g}, {hi:g}" + ("]" if last else ")")
        bins.append((label, len(inside)))
    outside = sum(1 for v in values if v < edges[0] or v > edges[-1])
    peak = max(c for _, c in bins)
    label_w = max(len(label) for label, _ in bins)
    rows = []
    for label, c in bins:
        stars = 0
        if peak:
            stars = int((Decimal(c) * width / Decimal(peak)).quantize(Decimal(1), ROUND_HALF_UP))
        middle = " " + "*" * stars + " " if stars else " "
        rows.append(f"{label:<{label_w}} |{middle}{c}")
    if outside:
        rows.append(f"outside: {outside}")
    return "\n".join(rows)
