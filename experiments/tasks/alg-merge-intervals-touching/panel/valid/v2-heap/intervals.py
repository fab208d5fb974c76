"""Merge closed integer intervals by popping them from a heap."""
import heapq


def merge(intervals):
    heap = []
    for pair in intervals:
        start, end = pair
        if end < start:
            raise ValueError("bad interval")
        heap.append((start, end))
    heapq.heapify(heap)
    result = []
    while heap:
        start, end = heapq.heappop(heap)
        while heap and heap[0][0] <= end:
            end = max(end, heapq.heappop(heap)[1])
        result.append((start, end))
    return result
