"""Group records by key, collecting each group with a scan of all items."""


def group_by(items, key, value=None, case_insensitive=False, min_size=1):
    get_key = key if callable(key) else (lambda item: item[key])
    items = list(items)
    keys = [get_key(item) for item in items]
    spelling = {}
    if case_insensitive:
        keys = [spelling.setdefault(k.casefold(), k) if isinstance(k, str) else k
                for k in keys]
    result = {}
    for k in dict.fromkeys(keys):
        members = [value(it) if value is not None else it
                   for it, kk in zip(items, keys) if kk == k]
        if len(members) >= min_size:
            result[k] = members
    return result
