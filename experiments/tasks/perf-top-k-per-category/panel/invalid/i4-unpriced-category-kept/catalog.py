"""Top-k most expensive products per category."""


def top_per_category(items, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    groups = {}
    for category, name, price in items:
        entries = groups.setdefault(category, [])
        if price is not None:
            entries.append((price, name))
    result = {}
    for category, entries in groups.items():
        entries.sort(key=lambda entry: (-entry[0], entry[1]))
        result[category] = [name for _, name in entries[:k]]
    return result
