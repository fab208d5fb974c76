"""Build order by repeatedly choosing the alphabetically first buildable package."""


class MissingDependencyError(LookupError):
    def __init__(self, package, dependency):
        super().__init__(f"missing dependency {dependency} (needed by {package})")
        self.package, self.dependency = package, dependency


class CycleError(ValueError):
    def __init__(self, cycle):
        super().__init__("cycle")
        self.cycle = cycle


def _wanted(deps, target):
    if target is None:
        return set(deps)
    if target not in deps:
        raise MissingDependencyError(None, target)
    wanted, frontier = set(), {target}
    while frontier:
        wanted |= frontier
        nxt = set()
        for p in frontier:
            for d in deps[p]:
                if d not in deps:
                    raise MissingDependencyError(p, d)
                if d not in wanted:
                    nxt.add(d)
        frontier = nxt
    return wanted


def build_order(deps, target=None):
    wanted = _wanted(deps, target)
    for p in sorted(wanted):
        for d in deps[p]:
            if d not in deps:
                raise MissingDependencyError(p, d)
    built = []
    done = set()
    while len(done) < len(wanted):
        ready = [p for p in wanted - done if set(deps[p]) <= done]
        if not ready:
            stuck = wanted - done
            walk = [max(stuck)]
            while walk.count(walk[-1]) < 2:
                walk.append(max(d for d in deps[walk[-1]] if d in stuck))
            start = walk.index(walk[-1])
            raise CycleError(walk[start:])
        nxt = min(ready)
        built.append(nxt)
        done.add(nxt)
    return built
