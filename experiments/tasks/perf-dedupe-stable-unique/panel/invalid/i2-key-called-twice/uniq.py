"""Order-preserving de-duplication."""


def unique(iterable, key=None, keep="first"):
    if keep not in ("first", "last"):
        raise ValueError(f"keep must be 'first' or 'last', not {keep!r}")
    key = key or (lambda x: x)
    chosen = {}
    for item in iterable:
        if keep == "last":
            chosen.pop(key(item), None)
            chosen[key(item)] = item
        elif key(item) not in chosen:
            chosen[key(item)] = item
    return list(chosen.values())
