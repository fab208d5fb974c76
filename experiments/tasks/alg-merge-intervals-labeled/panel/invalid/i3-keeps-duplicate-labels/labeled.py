"""Merge labelled closed intervals."""


def merge_labeled(intervals):
    items = []
    for start, end, label in intervals:
        if start > end:
            raise ValueError(f"interval ({start}, {end}) has start > end")
        if not isinstance(label, str):
            raise TypeError(f"label must be a str, got {type(label).__name__}")
        items.append((start, end, label))
    items.sort(key=lambda item: item[0])
    groups = []
    for start, end, label in items:
        if groups and start <= groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], end)
            groups[-1][2].append(label)
        else:
            groups.append([start, end, [label]])
    return [(start, end, tuple(sorted(labels))) for start, end, labels in groups]
