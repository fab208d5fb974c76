"""Layers by Bellman-Ford style relaxation of longest-path depths."""


class MissingNodeError(KeyError):
    pass


class CycleError(ValueError):
    def __init__(self, remaining):
        super().__init__(remaining)
        self.remaining = remaining


def layers(graph):
    edges = []
    for u in graph:
        for v in graph[u]:
            if v not in graph:
                raise MissingNodeError(v)
            edges.append((u, v))
    n = len(graph)
    depth = dict.fromkeys(graph, 0)
    # Within a DAG every depth stays below n; nodes fed by a cycle grow past it.
    for _ in range(2 * n):
        changed = False
        for u, v in edges:
            if depth[u] + 1 > depth[v]:
                depth[v] = depth[u] + 1
                changed = True
        if not changed:
            break
    remaining = sorted(u for u in graph if depth[u] >= n)
    if remaining:
        raise CycleError(remaining)
    result = []
    for k in range(n):
        layer = sorted(u for u in graph if depth[u] == k)
        if not layer:
            break
        result.append(layer)
    return result
