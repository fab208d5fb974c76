"""Deterministic topological sorting."""
from collections import deque


class CycleError(ValueError):
    """Raised when the graph contains a cycle."""


def topo_sort(graph):
    """Return the nodes of ``graph`` in topological order, smallest ready node first."""
    successors = {}
    for node, nexts in graph.items():
        successors.setdefault(node, set()).update(nexts)
        for nxt in nexts:
            successors.setdefault(nxt, set())
    indegree = {node: 0 for node in successors}
    for nexts in successors.values():
        for nxt in nexts:
            indegree[nxt] += 1
    ready = deque(sorted(node for node, deg in indegree.items() if deg == 0))
    order = []
    while ready:
        node = ready.popleft()
        order.append(node)
        for nxt in sorted(successors[node]):
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                ready.append(nxt)
    if len(order) != len(successors):
        stuck = sorted(node for node, deg in indegree.items() if deg > 0)
        raise CycleError(f"cycle detected among {stuck}")
    return order
