"""Top-k most expensive products, grouped by category."""


def top_per_category(items, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    priced = [it for it in items if it[2] is not None]
    result = {}
    for category, _, _ in priced:
        result.setdefault(category, [])
    for category, name, _ in sorted(priced, key=lambda it: (-it[2], it[1]))[:k]:
        result[category].append(name)
    return result
