"""OrderedDict; keep="last" moves a repeated key to the end."""
from collections import OrderedDict

_MODES = ("first", "last")


def unique(iterable, key=None, keep="first"):
    if keep not in _MODES:
        raise ValueError("keep=%r is not one of %s" % (keep, _MODES))
    last = keep == "last"
    table = OrderedDict()
    key_of = key or (lambda x: x)
    for item in iterable:
        k = key_of(item)
        if k in table:
            if last:
                table[k] = item
                table.move_to_end(k)
        else:
            table[k] = item
    return list(table.values())
