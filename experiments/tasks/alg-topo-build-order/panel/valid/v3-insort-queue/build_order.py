"""Build order with a sorted ready queue maintained by bisect.insort."""
from bisect import insort


class MissingDependencyError(LookupError):
    def __init__(self, package, dependency):
        super().__init__(dependency)
        self.package = package
        self.dependency = dependency


class CycleError(ValueError):
    def __init__(self, cycle):
        super().__init__(" <- ".join(reversed(cycle)))
        self.cycle = cycle


def _collect(deps, name, into):
    if name in into:
        return
    into.add(name)
    for dep in deps[name]:
        if dep not in deps:
            raise MissingDependencyError(name, dep)
        _collect(deps, dep, into)


def build_order(deps, target=None):
    if target is None:
        scope = set(deps)
        for name in scope:
            for dep in deps[name]:
                if dep not in deps:
                    raise MissingDependencyError(name, dep)
    elif target not in deps:
        raise MissingDependencyError(None, target)
    else:
        scope = set()
        _collect(deps, target, scope)
    unmet = {name: len(set(deps[name])) for name in scope}
    rdeps = {name: set() for name in scope}
    for name in scope:
        for dep in deps[name]:
            rdeps[dep].add(name)
    queue = sorted(name for name in scope if unmet[name] == 0)
    order = []
    while queue:
        name = queue.pop(0)
        order.append(name)
        for user in rdeps[name]:
            unmet[user] -= 1
            if unmet[user] == 0:
                insort(queue, user)
    if len(order) < len(scope):
        left = scope - set(order)
        start = sorted(left)[-1]
        trail, pos = [start], {start: 0}
        while True:
            step = sorted(d for d in deps[trail[-1]] if d in left)[0]
            if step in pos:
                raise CycleError(trail[pos[step]:] + [step])
            pos[step] = len(trail)
            trail.append(step)
    return order
