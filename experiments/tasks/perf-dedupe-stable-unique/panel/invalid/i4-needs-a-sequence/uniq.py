"""Order-preserving de-duplication."""


def unique(iterable, key=None, keep="first"):
    if keep not in ("first", "last"):
        raise ValueError(f"keep must be 'first' or 'last', not {keep!r}")
    n = len(iterable)
    order = range(n) if keep == "first" else range(n - 1, -1, -1)
    seen = set()
    kept = []
    for i in order:
        item = iterable[i]
        k = item if key is None else key(item)
        if k not in seen:
            seen.add(k)
            kept.append(i)
    return [iterable[i] for i in sorted(kept)]
