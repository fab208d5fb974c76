"""Topological ordering that keeps the listed priority of independent nodes."""
import heapq


class CycleError(ValueError):
    """Raised when the edges contain a cycle."""


class UnknownNodeError(KeyError):
    """Raised when an edge names a node that is not in ``nodes``."""


def order(nodes, edges):
    nodes = list(nodes)
    if len(set(nodes)) != len(nodes):
        raise ValueError("duplicate node")
    successors = {n: set() for n in nodes}
    for a, b in edges:
        for end in (a, b):
            if end not in successors:
                raise UnknownNodeError(end)
        successors[a].add(b)
    indegree = {n: 0 for n in nodes}
    for succ in successors.values():
        for m in succ:
            indegree[m] += 1
    ready = [n for n in nodes if indegree[n] == 0]
    heapq.heapify(ready)
    result = []
    while ready:
        n = heapq.heappop(ready)
        result.append(n)
        for m in successors[n]:
            indegree[m] -= 1
            if indegree[m] == 0:
                heapq.heappush(ready, m)
    if len(result) != len(nodes):
        raise CycleError("the edges contain a cycle")
    return result
