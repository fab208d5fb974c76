"""Histogram with a Counter of bin indexes."""

import math
from collections import Counter


def _index(v, edges):
    if v < edges[0] or v > edges[-1]:
        return None
    for i in range(len(edges) - 2, -1, -1):
        if v >= edges[i]:
            return i
    return 0


def histogram(values, edges, width=30):
    edges = list(edges)
    if len(edges) < 2 or sorted(set(edges)) != edges:
        raise ValueError("edges must be strictly increasing and at least two")
    if width < 1:
        raise ValueError("width too small")
    tally = Counter(_index(v, edges) for v in values)
    outside = tally.pop(None, 0)
    n = len(edges) - 1
    counts = [tally.get(i, 0) for i in range(n)]
    labels = ["[{}, {})".format(format(edges[i], "g"), format(edges[i + 1], "g")) for i in range(n)]
    labels[-1] = labels[-1].replace(")", "]")
    pad = max(len(s) for s in labels)
    top = max(counts)

    def line(label, c):
        k = math.floor(c / top * width + 0.5) if top else 0
        pieces = [label.ljust(pad), "|"]
        if k:
            pieces.append("*" * k)
        pieces.append(str(c))
        return " ".join(pieces)

    result = [line(lbl, c) for lbl, c in zip(labels, counts)]
    if outside:
        result.append(f"outside: {outside}")
    return "\n".join(result)
