"""defaultdict-based grouping; the defaultdict itself is returned when nothing is dropped."""
from collections import defaultdict
from operator import itemgetter


def group_by(items, key, value=None, case_insensitive=False, min_size=1):
    key_fn = key if callable(key) else itemgetter(key)
    out = defaultdict(list)
    canonical = {}
    for item in items:
        k = key_fn(item)
        if case_insensitive and isinstance(k, str):
            folded = k.casefold()
            if folded not in canonical:
                canonical[folded] = k
            k = canonical[folded]
        out[k].append(item if value is None else value(item))
    if min_size > 1:
        return {k: v for k, v in out.items() if len(v) >= min_size}
    return out
