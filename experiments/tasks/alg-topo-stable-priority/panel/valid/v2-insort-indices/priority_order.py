"""Priority topological order with a sorted list of ready indices (bisect.insort)."""
from bisect import insort


class CycleError(ValueError):
    """Cycle among the edges."""


class UnknownNodeError(KeyError):
    """Edge refers to a node that was not listed."""


def order(nodes, edges):
    items = list(nodes)
    pos = {}
    for k, n in enumerate(items):
        if n in pos:
            raise ValueError("%r appears more than once" % (n,))
        pos[n] = k
    edge_set = set()
    for pair in edges:
        a, b = pair
        missing = [x for x in (a, b) if x not in pos]
        if missing:
            raise UnknownNodeError(missing[0])
        edge_set.add((pos[a], pos[b]))
    out_edges = {k: [] for k in range(len(items))}
    indeg = [0] * len(items)
    for i, j in edge_set:
        out_edges[i].append(j)
        indeg[j] += 1
    ready = [k for k in range(len(items)) if indeg[k] == 0]
    result = []
    while ready:
        k = ready.pop(0)
        result.append(items[k])
        for j in out_edges[k]:
            indeg[j] -= 1
            if indeg[j] == 0:
                insort(ready, j)
    if len(result) < len(items):
        raise CycleError([items[k] for k in range(len(items)) if indeg[k] > 0])
    return result
