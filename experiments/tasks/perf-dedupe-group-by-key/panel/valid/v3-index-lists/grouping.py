"""Group item positions by key, then materialise each group."""


class _Folded:
    __slots__ = ("first",)

    def __init__(self, first):
        self.first = first


def group_by(items, key, value=None, case_insensitive=False, min_size=1):
    payload = []
    positions = {}
    labels = {}
    for i, item in enumerate(items):
        k = key(item) if callable(key) else item[key]
        payload.append(item if value is None else value(item))
        if case_insensitive and isinstance(k, str):
            ident = ("str", k.casefold())
        else:
            ident = ("raw", k)
        where = positions.get(ident)
        if where is None:
            labels[ident] = _Folded(k)
            positions[ident] = where = []
        where.append(i)
    result = {}
    for ident, where in positions.items():
        if len(where) >= min_size:
            result[labels[ident].first] = [payload[i] for i in where]
    return result
