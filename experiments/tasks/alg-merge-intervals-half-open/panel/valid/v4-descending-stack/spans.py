"""Merge half-open intervals popping from a stack sorted in descending order."""


def merge_half_open(intervals):
    stack = []
    for start, end in intervals:
        if end < start:
            raise ValueError("interval must satisfy start <= end")
        if end > start:
            stack.append((start, end))
    stack.sort(reverse=True)
    merged = []
    while stack:
        start, end = stack.pop()
        while stack and stack[-1][0] < end:
            end = max(end, stack.pop()[1])
        merged.append([start, end])
    return merged
