"""Top-k most expensive products per category, one scan per category."""


def top_per_category(items, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    categories = []
    seen = set()
    for category, _, price in items:
        if price is not None and category not in seen:
            seen.add(category)
            categories.append(category)
    result = {}
    for category in categories:
        rows = [(-p, n) for c, n, p in items if c == category and p is not None]
        rows.sort()
        result[category] = [n for _, n in rows[:k]]
    return result
