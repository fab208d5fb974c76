"""Build order: validate with an iterative DFS, then peel buildable packages layer by layer."""


class MissingDependencyError(LookupError):
    def __init__(self, package, dependency):
        super().__init__(f"{dependency} not found")
        self.package = package
        self.dependency = dependency


class CycleError(ValueError):
    def __init__(self, cycle):
        super().__init__(f"cyclic: {cycle}")
        self.cycle = cycle


def _check(deps, roots):
    state = {}
    for root in roots:
        if root in state:
            continue
        path = [root]
        iters = [iter(deps[root])]
        state[root] = 1
        while iters:
            dep = next(iters[-1], None)
            if dep is None:
                state[path.pop()] = 2
                iters.pop()
                continue
            if dep not in deps:
                raise MissingDependencyError(path[-1], dep)
            if state.get(dep) == 1:
                raise CycleError(path[path.index(dep):] + [dep])
            if dep not in state:
                state[dep] = 1
                path.append(dep)
                iters.append(iter(deps[dep]))
    return set(state)


def build_order(deps, target=None):
    if target is not None and target not in deps:
        raise MissingDependencyError(None, target)
    scope = _check(deps, sorted(deps) if target is None else [target])
    result = []
    built = set()
    while len(built) < len(scope):
        # Only the first buildable package is taken, to keep alphabetical tie-breaking.
        candidates = sorted(p for p in scope - built if all(d in built for d in deps[p]))
        result.append(candidates[0])
        built.add(candidates[0])
    return result
