"""Order-preserving de-duplication by checking the items before each one."""


def unique(iterable, key=None, keep="first"):
    if keep not in ("first", "last"):
        raise ValueError(f"keep must be 'first' or 'last', not {keep!r}")
    items = list(iterable)
    keys = [item if key is None else key(item) for item in items]
    if keep == "first":
        return [x for i, x in enumerate(items) if keys[i] not in keys[:i]]
    return [x for i, x in enumerate(items) if keys[i] not in keys[i + 1:]]
