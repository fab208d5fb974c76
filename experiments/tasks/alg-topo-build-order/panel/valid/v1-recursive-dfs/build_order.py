"""Build order: recursive DFS finds missing packages and cycles; a heap orders the rest."""
import heapq


class MissingDependencyError(LookupError):
    def __init__(self, package, dependency):
        super().__init__(package, dependency)
        self.package = package
        self.dependency = dependency


class CycleError(ValueError):
    def __init__(self, cycle):
        super().__init__(cycle)
        self.cycle = cycle


def _visit(deps, package, colour, stack):
    colour[package] = "grey"
    stack.append(package)
    for dep in deps[package]:
        if dep not in deps:
            raise MissingDependencyError(package, dep)
        if colour.get(dep) == "grey":
            raise CycleError(stack[stack.index(dep):] + [dep])
        if dep not in colour:
            _visit(deps, dep, colour, stack)
    stack.pop()
    colour[package] = "black"


def build_order(deps, target=None):
    colour = {}
    if target is not None:
        if target not in deps:
            raise MissingDependencyError(None, target)
        _visit(deps, target, colour, [])
    else:
        for package in sorted(deps):
            if package not in colour:
                _visit(deps, package, colour, [])
    chosen = set(colour)
    pending = {p: len(set(deps[p])) for p in chosen}
    users = {p: [] for p in chosen}
    for p in chosen:
        for d in set(deps[p]):
            users[d].append(p)
    heap = [p for p in chosen if pending[p] == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        p = heapq.heappop(heap)
        out.append(p)
        for u in users[p]:
            pending[u] -= 1
            if pending[u] == 0:
                heapq.heappush(heap, u)
    return out
