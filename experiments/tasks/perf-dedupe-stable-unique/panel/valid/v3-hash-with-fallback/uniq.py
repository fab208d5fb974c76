"""Hash-based, with a slow-path list for unhashable keys."""


def unique(iterable, key=None, keep="first"):
    if keep not in ("first", "last"):
        raise ValueError("bad keep")
    source = list(iterable)
    if keep == "last":
        source.reverse()
    seen_hashable = set()
    seen_other = []
    kept = []
    for item in source:
        k = item if key is None else key(item)
        try:
            if k in seen_hashable:
                continue
            seen_hashable.add(k)
        except TypeError:
            if k in seen_other:
                continue
            seen_other.append(k)
        kept.append(item)
    if keep == "last":
        kept.reverse()
    return kept
