"""Group the nodes of a DAG into dependency layers."""


class MissingNodeError(KeyError):
    """A successor is not a key of the graph."""


class CycleError(ValueError):
    """The graph has a cycle; ``remaining`` lists the nodes that could not be placed."""

    def __init__(self, remaining):
        super().__init__(f"cycle among {remaining}")
        self.remaining = remaining


def layers(graph):
    """Return the longest-path layering of ``graph`` as a list of sorted lists."""
    indegree = {node: 0 for node in graph}
    for node in graph:
        for succ in set(graph[node]):
            indegree[succ] += 1
    frontier = sorted(node for node, deg in indegree.items() if deg == 0)
    result = []
    placed = 0
    while frontier:
        result.append(frontier)
        placed += len(frontier)
        following = []
        for node in frontier:
            for succ in set(graph[node]):
                indegree[succ] -= 1
                if indegree[succ] == 0:
                    following.append(succ)
        frontier = sorted(following)
    if placed != len(graph):
        raise CycleError(sorted(node for node, deg in indegree.items() if deg > 0))
    return result
