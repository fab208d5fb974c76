"""Top-k most expensive products per category."""


def top_per_category(items, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    groups = {}
    for category, name, price in items:
        if price is None:
            continue
        groups.setdefault(category, []).append((price, name))
    result = {}
    for category in sorted(groups):
        entries = sorted(groups[category], key=lambda entry: (-entry[0], entry[1]))
        result[category] = [name for _, name in entries[:k]]
    return result
