"""Order-preserving de-duplication."""


def unique(iterable, key=None, keep="first"):
    """Return the items of iterable without duplicates, keeping the original order."""
    if keep not in ("first", "last"):
        raise ValueError(f"keep must be 'first' or 'last', not {keep!r}")
    chosen = {}  # key -> item; dict order is the output order
    for item in iterable:
        k = item if key is None else key(item)
        if keep == "last":
            chosen.pop(k, None)  # re-insert so the order follows the last occurrence
            chosen[k] = item
        elif k not in chosen:
            chosen[k] = item
    return list(chosen.values())
