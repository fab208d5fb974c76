"""Compute every key first, then every value, then assemble the groups."""


def group_by(items, key, value=None, case_insensitive=False, min_size=1):
    items = list(items)
    if callable(key):
        keys = [key(it) for it in items]
    else:
        keys = [it[key] for it in items]
    values = items if value is None else [value(it) for it in items]
    if case_insensitive:
        first = {}
        keys = [
            first.setdefault(k.casefold(), k) if isinstance(k, str) else k for k in keys
        ]
    grouped = {}
    for k, v in zip(keys, values):
        if k in grouped:
            grouped[k].append(v)
        else:
            grouped[k] = [v]
    for k in [k for k, v in grouped.items() if len(v) < min_size]:
        del grouped[k]
    return grouped
