"""Insert an interval by appending it and re-merging everything."""


def _merge(pairs):
    merged = []
    for a, b in sorted(pairs):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def insert_interval(intervals, new):
    pairs = [(a, b) for a, b in intervals]
    if any(a > b for a, b in pairs + [tuple(new)]):
        raise ValueError("start greater than end")
    if any(pairs[k][0] <= pairs[k - 1][1] for k in range(1, len(pairs))):
        raise ValueError("intervals overlap or are out of order")
    return _merge(pairs + [tuple(new)])
