"""Sort by (first appearance of category, -price, name) and slice each run."""
from itertools import groupby, islice


def top_per_category(items, k):
    if k < 0:
        raise ValueError("k < 0")
    first_seen = {}
    rows = []
    for category, name, price in items:
        if price is None:
            continue
        first_seen.setdefault(category, len(first_seen))
        rows.append((first_seen[category], -price, name, category))
    rows.sort()
    out = {}
    for _, run in groupby(rows, key=lambda row: row[0]):
        run = list(run)
        out[run[0][3]] = [row[2] for row in islice(run, k)]
    return out
