"""Topological sort: DFS colouring rejects cycles, then peel the smallest source each round."""


class CycleError(ValueError):
    pass


def _nodes_and_edges(graph):
    nodes = set(graph)
    edges = set()
    for u, vs in graph.items():
        for v in vs:
            nodes.add(v)
            edges.add((u, v))
    return nodes, edges


def _check_acyclic(nodes, edges):
    succ = {n: [] for n in nodes}
    for u, v in edges:
        succ[u].append(v)
    colour = dict.fromkeys(nodes, 0)
    for start in nodes:
        if colour[start]:
            continue
        stack = [(start, iter(succ[start]))]
        colour[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                colour[node] = 2
                stack.pop()
            elif colour[nxt] == 1:
                raise CycleError(f"cycle through {nxt!r}")
            elif colour[nxt] == 0:
                colour[nxt] = 1
                stack.append((nxt, iter(succ[nxt])))


def topo_sort(graph):
    nodes, edges = _nodes_and_edges(graph)
    _check_acyclic(nodes, edges)
    remaining = set(nodes)
    order = []
    while remaining:
        has_pred = {v for u, v in edges if u in remaining}
        source = min(remaining - has_pred)
        order.append(source)
        remaining.remove(source)
    return order
