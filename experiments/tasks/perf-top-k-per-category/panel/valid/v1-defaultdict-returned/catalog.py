"""Group with a defaultdict and return it directly."""
from collections import defaultdict


def top_per_category(items, k):
    if k < 0:
        raise ValueError("k must be non-negative")
    names = defaultdict(list)
    for category, name, price in items:
        if price is not None:
            names[category].append((-price, name))
    for category in names:
        names[category] = [name for _, name in sorted(names[category])[:k]]
    return names
