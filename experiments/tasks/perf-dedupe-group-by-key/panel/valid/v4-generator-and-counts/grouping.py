"""A generator yields (key, payload); sizes are counted while grouping."""


def _pairs(items, key, value, fold):
    for item in items:
        k = key(item) if callable(key) else item[key]
        yield k, (item if value is None else value(item))


def group_by(items, key, value=None, case_insensitive=False, min_size=1):
    groups = {}
    alias = {}
    for k, payload in _pairs(items, key, value, case_insensitive):
        if case_insensitive and isinstance(k, str):
            k = alias.get(k.casefold(), k)
            alias.setdefault(k.casefold(), k)
        bucket = groups.get(k)
        if bucket is None:
            groups[k] = bucket = []
        bucket.append(payload)
    if min_size <= 1:
        return groups
    return {k: b for k, b in groups.items() if len(b) >= min_size}
