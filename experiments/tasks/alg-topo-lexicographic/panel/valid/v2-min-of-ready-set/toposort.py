"""Topological sort picking min() of a ready set each step."""


class CycleError(ValueError):
    """The graph is not acyclic."""


def topo_sort(graph):
    nodes = set(graph)
    for vs in graph.values():
        nodes.update(vs)
    preds = {n: set() for n in nodes}
    for u, vs in graph.items():
        for v in vs:
            preds[v].add(u)
    placed = []
    done = set()
    ready = {n for n in nodes if not preds[n]}
    while ready:
        n = min(ready)
        ready.remove(n)
        placed.append(n)
        done.add(n)
        for m in nodes - done:
            if m not in ready and preds[m] <= done:
                ready.add(m)
    if len(placed) != len(nodes):
        raise CycleError(sorted(nodes - done))
    return placed
