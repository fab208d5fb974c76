"""Classic seen-set loop; keep="last" runs it over the reversed items."""


def _first_occurrences(items, keys):
    seen = set()
    out = []
    for item, k in zip(items, keys):
        if k not in seen:
            seen.add(k)
            out.append(item)
    return out


def unique(iterable, key=None, keep="first"):
    if keep != "first" and keep != "last":
        raise ValueError("keep must be first or last")
    items = list(iterable)
    keys = items if key is None else [key(x) for x in items]
    if keep == "first":
        return _first_occurrences(items, keys)
    return _first_occurrences(items[::-1], keys[::-1])[::-1]
