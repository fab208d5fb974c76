"""One heapq.nsmallest call per category."""
import heapq


def top_per_category(items, k):
    if k < 0:
        raise ValueError("negative k")
    groups = {}
    for category, name, price in items:
        if price is None:
            continue
        groups.setdefault(category, []).append((name, price))
    return {
        category: [n for n, _ in heapq.nsmallest(k, rows, key=lambda r: (-r[1], r[0]))]
        for category, rows in groups.items()
    }
