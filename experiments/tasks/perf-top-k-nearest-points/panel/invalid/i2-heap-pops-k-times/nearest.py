"""k nearest points to a target using a heap."""
import heapq


def k_nearest(points, target, k):
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    tx, ty = target
    heap = [((p[0] - tx) ** 2 + (p[1] - ty) ** 2, i, p) for i, p in enumerate(points)]
    heapq.heapify(heap)
    return [heapq.heappop(heap)[2] for _ in range(k)]
