"""Map each key to the index to keep, then sort the kept indexes."""


def unique(iterable, key=None, keep="first"):
    if keep not in {"first", "last"}:
        raise ValueError(f"unknown keep mode {keep!r}")
    items = []
    where = {}
    for index, item in enumerate(iterable):
        items.append(item)
        k = key(item) if key is not None else item
        if keep == "last" or k not in where:
            where[k] = index
    return [items[i] for i in sorted(where.values())]
