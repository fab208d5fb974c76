"""Order packages so that dependencies are built first."""
import heapq


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
        stack.extend(deps[package])
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
    waiting = {package: set(deps[package]) for package in packages}
    dependents = {package: [] for package in packages}
    for package, needs in waiting.items():
        for dep in needs:
            dependents[dep].append(package)
    ready = [package for package, needs in waiting.items() if not needs]
    heapq.heapify(ready)
    order = []
    while ready:
        package = heapq.heappop(ready)
        order.append(package)
        for user in dependents[package]:
            waiting[user].discard(package)
            if not waiting[user]:
                heapq.heappush(ready, user)
    if len(order) != len(packages):
        raise CycleError(_find_cycle(deps, packages - set(order)))
    return order
