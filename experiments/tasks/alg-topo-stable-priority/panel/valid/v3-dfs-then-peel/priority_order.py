"""Priority topological order: DFS cycle check first, then peel the earliest source."""


class CycleError(ValueError):
    pass


class UnknownNodeError(KeyError):
    pass


def _has_cycle(nodes, succ):
    state = {n: "new" for n in nodes}

    def visit(n):
        state[n] = "open"
        for m in succ[n]:
            if state[m] == "open" or (state[m] == "new" and visit(m)):
                return True
        state[n] = "done"
        return False

    return any(state[n] == "new" and visit(n) for n in nodes)


def order(nodes, edges):
    nodes = list(nodes)
    seen = set()
    for n in nodes:
        if n in seen:
            raise ValueError(f"duplicate node {n!r}")
        seen.add(n)
    succ = {n: set() for n in nodes}
    pairs = []
    for a, b in edges:
        if a not in seen or b not in seen:
            raise UnknownNodeError(a if a not in seen else b)
        succ[a].add(b)
        pairs.append((a, b))
    if _has_cycle(nodes, succ):
        raise CycleError("cyclic dependencies")
    remaining = list(nodes)
    result = []
    while remaining:
        blocked = {b for a, b in pairs if a in remaining}
        first = next(n for n in remaining if n not in blocked)
        result.append(first)
        remaining.remove(first)
    return result
