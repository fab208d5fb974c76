"""Order packages so that dependencies are built first."""
import heapq


class MissingDependencyError(LookupError):
    """A package depends on a package that is not in ``deps``."""

    def __init__(self, package, dependency):
        super().__init__(f"{package!r} depends on unknown package {dependency!r}")
        self.package = package
        self.dependency = dependency


class CycleError(ValueError):
    """The dependencies contain a cycle, listed in ``cycle``."""

    def __init__(self, cycle):
        super().__init__("dependency cycle: " + " -> ".join(cycle))
        self.cycle = cycle


def _closure(deps, target):
    if target not in deps:
        raise MissingDependencyError(None, target)
    seen = set()
    stack = [target]
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
    # Every stuck package waits on another stuck package, so walking always closes a loop.
    path = [min(stuck)]
    where = {path[0]: 0}
    while True:
        nxt = min(dep for dep in deps[path[-1]] if dep in stuck)
        if nxt in where:
            return path[where[nxt]:] + [nxt]
        where[nxt] = len(path)
        path.append(nxt)


def build_order(deps, target=None):
    """Return the packages of ``deps`` (or of ``target``'s closure) in build order."""
    packages = set(deps) if target is None else _closure(deps, target)
    for package in packages:
        for dep in deps[package]:
            if dep not in deps:
                raise MissingDependencyError(package, dep)
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
