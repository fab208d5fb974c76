"""Merge labelled intervals with an event sweep where opens sort before closes."""

OPEN, CLOSE = 0, 1


def merge_labeled(intervals):
    events = []
    for start, end, label in intervals:
        if start > end:
            raise ValueError("start must be <= end")
        if not isinstance(label, str):
            raise TypeError("label must be text")
        events.append((start, OPEN, label))
        events.append((end, CLOSE, label))
    events.sort(key=lambda ev: (ev[0], ev[1]))
    result = []
    depth = 0
    labels = set()
    begin = None
    for pos, kind, label in events:
        if kind == OPEN:
            if depth == 0:
                begin, labels = pos, set()
            depth += 1
            labels.add(label)
        else:
            depth -= 1
            if depth == 0:
                result.append((begin, pos, tuple(sorted(labels))))
    return result
