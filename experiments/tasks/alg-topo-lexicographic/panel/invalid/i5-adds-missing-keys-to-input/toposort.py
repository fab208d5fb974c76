"""Deterministic topological sorting."""
import heapq


class CycleError(ValueError):
    """Raised when the graph contains a cycle."""


def topo_sort(graph):
    # Make every node a key so the loops below can index graph directly.
    for nexts in list(graph.values()):
        for nxt in nexts:
            graph.setdefault(nxt, [])
    indegree = {node: 0 for node in graph}
    for node in graph:
        for nxt in set(graph[node]):
            indegree[nxt] += 1
    ready = [node for node, deg in indegree.items() if deg == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        node = heapq.heappop(ready)
        order.append(node)
        for nxt in set(graph[node]):
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                heapq.heappush(ready, nxt)
    if len(order) != len(graph):
        raise CycleError("cycle detected")
    return order
