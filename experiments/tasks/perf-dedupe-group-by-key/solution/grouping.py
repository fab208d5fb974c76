"""Group records by key."""


def group_by(items, key, value=None, case_insensitive=False, min_size=1):
    """Group items by key, keeping first-occurrence order of keys and input order inside."""
    get_key = key if callable(key) else (lambda item: item[key])
    groups = {}
    spelling = {}  # casefolded key -> first spelling seen
    for item in items:
        k = get_key(item)
        if case_insensitive and isinstance(k, str):
            k = spelling.setdefault(k.casefold(), k)
        groups.setdefault(k, []).append(value(item) if value is not None else item)
    return {k: members for k, members in groups.items() if len(members) >= min_size}
