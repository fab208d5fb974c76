"""Priority topological order: rescan the list for the first ready node each step."""


class CycleError(ValueError):
    pass


class UnknownNodeError(KeyError):
    pass


def order(nodes, edges):
    nodes = list(nodes)
    if len(set(nodes)) != len(nodes):
        raise ValueError("duplicate nodes")
    known = set(nodes)
    preds = {n: set() for n in nodes}
    for a, b in edges:
        if a not in known:
            raise UnknownNodeError(f"unknown node {a!r}")
        if b not in known:
            raise UnknownNodeError(f"unknown node {b!r}")
        preds[b].add(a)
    placed = set()
    out = []
    while len(out) < len(nodes):
        for n in nodes:
            if n not in placed and preds[n] <= placed:
                out.append(n)
                placed.add(n)
                break
        else:
            raise CycleError("no node is ready: cycle")
    return out
