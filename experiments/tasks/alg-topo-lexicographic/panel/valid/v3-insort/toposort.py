"""Topological sort keeping the ready nodes in a sorted list with bisect.insort."""
from bisect import insort


class CycleError(ValueError):
    def __init__(self, remaining):
        super().__init__(f"{len(remaining)} nodes are on or behind a cycle")
        self.remaining = remaining


def topo_sort(graph):
    out_edges = {}
    for u in graph:
        out_edges.setdefault(u, set())
        for v in graph[u]:
            out_edges[u].add(v)
            out_edges.setdefault(v, set())
    waiting = dict.fromkeys(out_edges, 0)
    for u in out_edges:
        for v in out_edges[u]:
            waiting[v] += 1
    ready = sorted(u for u in waiting if waiting[u] == 0)
    order = []
    while ready:
        u = ready.pop(0)
        order.append(u)
        for v in out_edges[u]:
            waiting[v] -= 1
            if not waiting[v]:
                insort(ready, v)
    if len(order) != len(out_edges):
        raise CycleError([u for u in out_edges if waiting[u]])
    return order
