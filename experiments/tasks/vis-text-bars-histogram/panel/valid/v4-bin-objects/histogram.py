"""Histogram built from Bin objects."""

from fractions import Fraction


class Bin:
    def __init__(self, low, high, closed):
        self.low, self.high, self.closed = low, high, closed
        self.count = 0

    def holds(self, v):
        return self.low <= v < self.high or (self.closed and v == self.high)

    @property
    def label(self):
        return f"[{format(self.low, 'g')}, {format(self.high, 'g')}{']' if self.closed else ')'}"


def histogram(values, edges, width=30):
    edges = list(edges)
    if len(edges) < 2:
        raise ValueError("at least two edges are required")
    if any(a >= b for a, b in zip(edges, edges[1:])):
        raise ValueError("edges are not strictly increasing")
    if width < 1:
        raise ValueError("width must be >= 1")
    bins = [Bin(a, b, i == len(edges) - 2) for i, (a, b) in enumerate(zip(edges, edges[1:]))]
    stray = 0
    for v in values:
        for b in bins:
            if b.holds(v):
                b.count += 1
                break
        else:
            stray += 1
    most = max(b.count for b in bins)
    pad = max(len(b.label) for b in bins)
    text = []
    for b in bins:
        length = int(Fraction(b.count * width, most) + Fraction(1, 2)) if most else 0
        text.append(b.label.ljust(pad) + " | " + "".join(["*" * length, " "][: 2 if length else 0])
                    + str(b.count))
    if stray:
        text.append("outside: " + str(stray))
    return "\n".join(text)
