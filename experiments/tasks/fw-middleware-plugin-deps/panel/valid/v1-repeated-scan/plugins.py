"""Plugin registry: repeated scans pick the earliest ready plugin; cycles found by DFS."""


class MissingDependency(Exception):
    def __init__(self, name):
        super().__init__(name)
        self.name = name


class DependencyCycle(Exception):
    def __init__(self, cycle):
        super().__init__(cycle)
        self.cycle = cycle


class Registry:
    def __init__(self):
        self._names = []
        self._factory = {}
        self._requires = {}
        self._objects = {}
        self._start_order = None

    def register(self, name, factory, requires=()):
        if name in self._factory:
            raise ValueError("duplicate plugin name")
        self._names.append(name)
        self._factory[name] = factory
        self._requires[name] = list(requires)

    def _cycle_from(self, start, remaining):
        stack, on_stack = [], set()

        def visit(node):
            stack.append(node)
            on_stack.add(node)
            for req in self._requires[node]:
                if req not in remaining:
                    continue
                if req in on_stack:
                    return stack[stack.index(req):]
                found = visit(req)
                if found:
                    return found
            stack.pop()
            on_stack.discard(node)
            return None

        return visit(start)

    def _plan(self):
        for name in self._names:
            for req in self._requires[name]:
                if req not in self._factory:
                    raise MissingDependency(req)
        plan = []
        while len(plan) < len(self._names):
            for name in self._names:
                if name not in plan and all(r in plan for r in self._requires[name]):
                    plan.append(name)
                    break
            else:
                remaining = [n for n in self._names if n not in plan]
                raise DependencyCycle(self._cycle_from(remaining[-1], set(remaining)))
        return plan

    def start(self, ctx=None):
        if self._start_order is not None:
            raise RuntimeError("already running")
        plan = self._plan()
        done = []
        try:
            for name in plan:
                self._objects[name] = self._factory[name](ctx)
                done.append(name)
        except Exception:
            self._shutdown(done)
            raise
        self._start_order = done
        return done[:]

    def _shutdown(self, names):
        for name in names[::-1]:
            obj = self._objects.pop(name)
            if hasattr(obj, "close"):
                obj.close()

    def get(self, name):
        return self._objects[name]

    def stop(self):
        self._shutdown(self._start_order or [])
        self._start_order = None
