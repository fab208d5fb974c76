"""Layers from Kahn's algorithm with a deque, tracking each node's depth."""
from collections import deque


class MissingNodeError(KeyError):
    """Unknown successor."""


class CycleError(ValueError):
    def __init__(self, remaining):
        super().__init__(f"{len(remaining)} node(s) sit on or after a cycle")
        self.remaining = remaining


def layers(graph):
    succ = {}
    for u, vs in graph.items():
        succ[u] = set()
        for v in vs:
            if v not in graph:
                raise MissingNodeError(v)
            succ[u].add(v)
    indeg = dict.fromkeys(graph, 0)
    for vs in succ.values():
        for v in vs:
            indeg[v] += 1
    depth = {u: 0 for u in graph if indeg[u] == 0}
    queue = deque(depth)
    while queue:
        u = queue.popleft()
        for v in succ[u]:
            depth[v] = max(depth.get(v, 0), depth[u] + 1)
            indeg[v] -= 1
            if indeg[v] == 0:
                queue.append(v)
    stuck = [u for u in graph if indeg[u] > 0]
    if stuck:
        raise CycleError(sorted(stuck))
    out = [[] for _ in range(max(depth.values()) + 1)] if depth else []
    for u, d in depth.items():
        out[d].append(u)
    return [sorted(layer) for layer in out]
