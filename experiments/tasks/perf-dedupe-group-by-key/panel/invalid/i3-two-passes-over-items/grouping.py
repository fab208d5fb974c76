"""Group records by key: compute the keys, then fill the groups."""


def group_by(items, key, value=None, case_insensitive=False, min_size=1):
    get_key = key if callable(key) else (lambda item: item[key])
    keys = []
    spelling = {}
    for item in items:
        k = get_key(item)
        if case_insensitive and isinstance(k, str):
            k = spelling.setdefault(k.casefold(), k)
        keys.append(k)
    groups = {k: [] for k in keys}
    for k, item in zip(keys, items):
        groups[k].append(value(item) if value is not None else item)
    return {k: m for k, m in groups.items() if len(m) >= min_size}
