"""Deterministic topological sorting."""
import heapq


class CycleError(ValueError):
    """Raised when the graph contains a cycle."""


def topo_sort(graph):
    successors = {node: {n for n in nexts if n in graph} for node, nexts in graph.items()}
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
        raise CycleError("cycle detected")
    return order
