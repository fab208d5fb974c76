"""Order-preserving de-duplication (items that occur once)."""
from collections import Counter


def unique(iterable, key=None, keep="first"):
    if keep not in ("first", "last"):
        raise ValueError(f"keep must be 'first' or 'last', not {keep!r}")
    items = list(iterable)
    keys = [item if key is None else key(item) for item in items]
    counts = Counter(keys)
    return [item for item, k in zip(items, keys) if counts[k] == 1]
