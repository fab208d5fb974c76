"""Histogram using bisect to find each value's bin."""

import bisect


def histogram(values, edges, width=30):
    edges = list(edges)
    if len(edges) < 2:
        raise ValueError("need at least two edges")
    for left, right in zip(edges, edges[1:]):
        if not left < right:
            raise ValueError("edges must increase strictly")
    if width < 1:
        raise ValueError("width must be positive")
    n = len(edges) - 1
    counts = [0] * n
    outside = 0
    for v in values:
        if v == edges[-1]:
            counts[-1] += 1
            continue
        i = bisect.bisect_right(edges, v) - 1
        if 0 <= i < n:
            counts[i] += 1
        else:
            outside += 1
    fullest = max(counts)
    names = []
    for i in range(n):
        close = "]" if i == n - 1 else ")"
        names.append("[%s, %s%s" % (format(edges[i], "g"), format(edges[i + 1], "g"), close))
    w = max(map(len, names))
    out = []
    for name, c in zip(names, counts):
        stars = 0 if fullest == 0 else int(c * width / fullest + 0.5)
        out.append(name.ljust(w) + " | " + ("*" * stars + " " if stars else "") + str(c))
    if outside:
        out.append("outside: %d" % outside)
    return "\n".join(out)
