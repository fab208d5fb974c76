"""Topological sort: Counter of in-degrees, dedup via dict.fromkeys, heap of ready nodes."""
import heapq
from collections import Counter


class CycleError(ValueError):
    pass


def topo_sort(graph):
    adj = {}
    for u, vs in graph.items():
        adj[u] = list(dict.fromkeys(list(adj.get(u, [])) + list(vs)))
    for vs in list(adj.values()):
        for v in vs:
            adj.setdefault(v, [])
    indeg = Counter(v for vs in adj.values() for v in vs)
    heap = sorted(u for u in adj if indeg[u] == 0)
    out = []
    while heap:
        u = heapq.heappop(heap)
        out.append(u)
        for v in adj[u]:
            indeg[v] -= 1
            if indeg[v] == 0:
                heapq.heappush(heap, v)
    if len(out) < len(adj):
        raise CycleError("graph has a cycle")
    return out
