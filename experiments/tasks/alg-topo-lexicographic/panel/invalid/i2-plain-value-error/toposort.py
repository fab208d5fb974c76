"""Deterministic topological sorting."""
import heapq


class CycleError(ValueError):
    """Raised when the graph contains a cycle."""


def topo_sort(graph):
    successors = {}
    for node, nexts in graph.items():
        successors.setdefault(node, set()).update(nexts)
        for nxt in nexts:
            successors.setdefault(nxt, set())
    indegree = {node: 0 for node in successors}
    for nexts in successors.values():
        for nxt in nexts:
            indegree[nxt] += 1
    ready = [node for node, deg in indegree.items() if deg == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        node = heapq.heappop(ready)
        order.append(node)
        for nxt in successors[node]:
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                heapq.heappush(ready, nxt)
    if len(order) != len(successors):
        raise ValueError("graph has a cycle")
    return order
