"""Order-preserving de-duplication."""


def unique(iterable, key=None, keep="first"):
    if keep not in ("first", "last"):
        raise ValueError(f"keep must be 'first' or 'last', not {keep!r}")
    chosen = {}
    for item in iterable:
        k = item if key is None else key(item)
        if keep == "last" or k not in chosen:
            chosen[k] = item
    return list(chosen.values())
