"""Group the nodes of a DAG into dependency layers."""


class MissingNodeError(KeyError):
    """A successor is not a key of the graph."""


class CycleError(ValueError):
    def __init__(self, remaining):
        super().__init__(f"cycle among {remaining}")
        self.remaining = remaining


def layers(graph):
    for node in graph:
        for succ in graph[node]:
            if succ not in graph:
                raise MissingNodeError(succ)
    indegree = {node: 0 for node in graph}
    for node in graph:
        for succ in set(graph[node]):
            indegree[succ] += 1
    level = {node: 0 for node, deg in indegree.items() if deg == 0}
    frontier = list(level)
    while frontier:
        following = []
        for node in frontier:
            for succ in graph[node]:
                if succ not in level:
                    level[succ] = level[node] + 1
                    following.append(succ)
        frontier = following
    if len(level) != len(graph) or any(
        level[u] >= level[v] and u in graph[u] for u in graph for v in graph[u]
    ):
        raise CycleError(sorted(set(graph) - set(level)))
    depth = max(level.values(), default=-1) + 1
    return [sorted(n for n in level if level[n] == k) for k in range(depth)]
