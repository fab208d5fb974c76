"""Topological ordering that keeps the listed priority of independent nodes."""
import heapq


class CycleError(ValueError):
    """Raised when the edges contain a cycle."""


class UnknownNodeError(KeyError):
    """Raised when an edge names a node that is not in ``nodes``."""


def order(nodes, edges):
    nodes = list(nodes)
    index = {}
    for i, node in enumerate(nodes):
        if node in index:
            raise ValueError(f"node {node!r} is listed twice")
        index[node] = i
    successors = [set() for _ in nodes]
    for a, b in edges:
        for end in (a, b):
            if end not in index:
                raise UnknownNodeError(end)
        successors[index[a]].add(index[b])
    indegree = [0] * len(nodes)
    for succ in successors:
        for j in succ:
            indegree[j] += 1
    ready = [i for i, deg in enumerate(indegree) if deg == 0]
    heapq.heapify(ready)
    result = []
    while ready:
        i = heapq.heappop(ready)
        result.append(nodes[i])
        for j in successors[i]:
            indegree[j] -= 1
            if indegree[j] == 0:
                heapq.heappush(ready, j)
    return result
