"""Text histogram over explicit bin edges."""

import math


def _num(x):
    return format(x, "g")


def histogram(values, edges, width=30):
    """Count values into the bins given by edges and draw the counts."""
    edges = list(edges)
    if len(edges) < 2 or any(b <= a for a, b in zip(edges, edges[1:])):
        raise ValueError("edges must hold at least two strictly increasing numbers")
    if width < 1:
        raise ValueError("width must be at least 1")
    nbins = len(edges) - 1
    counts = [0] * nbins
    outside = 0
    for v in values:
        if v < edges[0] or v > edges[-1]:
            outside += 1
            continue
        for i in range(nbins):
            if v < edges[i + 1] or i == nbins - 1:
                counts[i] += 1
                break
    labels = [f"[{_num(a)}, {_num(b)})" for a, b in zip(edges, edges[1:])]
    labels[-1] = labels[-1][:-1] + "]"
    pad = max(len(label) for label in labels)
    top = max(counts)
    lines = []
    for label, count in zip(labels, counts):
        n = math.floor(count / top * width + 0.5) if top else 0
        bar = "*" * n
        lines.append(f"{label.ljust(pad)} | {bar + ' ' if bar else ''}{count}")
    if True:
        lines.append(f"outside: {outside}")
    return "\n".join(lines)
