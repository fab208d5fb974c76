"""Order packages so that dependencies are built first."""
from collections import deque


class MissingDependencyError(LookupError):
    def __init__(self, package, dependency):
        super().__init__(f"{package!r} depends on unknown package {dependency!r}")
        self.package = package
        self.dependency = dependency


class CycleError(ValueError):
    def __init__(self, cycle):
        super().__init__("dependency cycle: " + " -> ".join(cycle))
        self.cycle = cycle


def _closure(deps, target):
    if target not in deps:
        raise MissingDependencyError(None, target)
    seen, stack = set(), [target]
    while stack:
        package = stack.pop()
        if package in seen:
            continue
        seen.add(package)
        for dep in deps[package]:
            if dep not in deps:
                raise MissingDependencyError(package, dep)
            stack.append(dep)
    return seen


def _find_cycle(deps, stuck):
    path = [min(stuck)]
    where = {path[0]: 0}
    while True:
        nxt = min(dep for dep in deps[path[-1]] if dep in stuck)
        if nxt in where:
            return path[where[nxt]:] + [nxt]
        where[nxt] = len(path)
        path.append(nxt)


def build_order(deps, target=None):
    packages = set(deps) if target is None else _closure(deps, target)
    for package in packages:
        for dep in deps[package]:
            if dep not in deps:
                raise MissingDependencyError(package, dep)
    waiting = {p: set(deps[p]) for p in deps if p in packages}
    dependents = {p: [] for p in waiting}
    for package, needs in waiting.items():
        for dep in needs:
            dependents[dep].append(package)
    ready = deque(p for p, needs in waiting.items() if not needs)
    order = []
    while ready:
        package = ready.popleft()
        order.append(package)
        for user in dependents[package]:
            waiting[user].discard(package)
            if not waiting[user]:
                ready.append(user)
    if len(order) != len(packages):
        raise CycleError(_find_cycle(deps, packages - set(order)))
    return order
