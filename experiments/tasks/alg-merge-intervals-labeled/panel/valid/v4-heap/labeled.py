"""Merge labelled intervals by popping them from a heap."""
import heapq


def merge_labeled(intervals):
    heap = []
    for n, (start, end, label) in enumerate(intervals):
        if not isinstance(label, str):
            raise TypeError("non-string label")
        if end < start:
            raise ValueError("end before start")
        heap.append((start, end, n, label))
    heapq.heapify(heap)
    merged = []
    while heap:
        start, end, _, label = heapq.heappop(heap)
        labels = {label}
        while heap and heap[0][0] <= end:
            _, e2, _, l2 = heapq.heappop(heap)
            end = max(end, e2)
            labels.add(l2)
        merged.append((start, end, tuple(sorted(labels))))
    return merged
