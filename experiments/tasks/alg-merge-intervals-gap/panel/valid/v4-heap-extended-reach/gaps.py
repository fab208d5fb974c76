"""Merge intervals across gaps with a heap, comparing starts to end + max_gap."""
import heapq


def merge_with_gap(intervals, max_gap=0):
    if max_gap < 0:
        raise ValueError("max_gap must be non-negative")
    heap = []
    for s, e in intervals:
        if e < s:
            raise ValueError("reversed interval")
        heapq.heappush(heap, (s, e))
    result = []
    while heap:
        s, e = heapq.heappop(heap)
        while heap and heap[0][0] <= e + max_gap:
            e = max(e, heapq.heappop(heap)[1])
        result.append((s, e))
    return result
