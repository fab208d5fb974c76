"""Order-preserving de-duplication."""


def unique(iterable, key=None, keep="first"):
    """Return the items of iterable without duplicates, keeping the original order."""
    if keep not in ("first", "last"):
        raise ValueError(f"keep must be 'first' or 'last', not {keep!r}")
    items = list(iterable)
    keys = [item if key is None else key(item) for item in items]
    if keep == "first":
        positions = range(len(items))
    else:
        positions = range(len(items) - 1, -1, -1)
    seen = []
    kept = []
    for i in positions:
        if keys[i] not in seen:
            seen.append(keys[i])
            kept.append(i)
    kept.sort()
    return [items[i] for i in kept]
