"""Plugin registry that validates the graph with a three-colour DFS before starting."""

WHITE, GREY, BLACK = 0, 1, 2


class MissingDependency(Exception):
    def __init__(self, name):
        super().__init__("missing plugin: %s" % (name,))
        self.name = name


class DependencyCycle(Exception):
    def __init__(self, cycle):
        super().__init__("cycle")
        self.cycle = list(cycle)


class Registry:
    def __init__(self):
        self.specs = {}
        self.objects = {}
        self.order = []
        self.running = False

    def register(self, name, factory, requires=()):
        if name in self.specs:
            raise ValueError(name)
        self.specs[name] = {"factory": factory, "requires": list(requires)}

    def _validate(self):
        colour = {name: WHITE for name in self.specs}
        trail = []

        def dfs(name):
            colour[name] = GREY
            trail.append(name)
            for req in reversed(self.specs[name]["requires"]):
                if colour[req] == GREY:
                    raise DependencyCycle(reversed(trail[trail.index(req):]))
                if colour[req] == WHITE:
                    dfs(req)
            trail.pop()
            colour[name] = BLACK

        for spec in self.specs.values():
            for req in spec["requires"]:
                if req not in self.specs:
                    raise MissingDependency(req)
        for name in reversed(list(self.specs)):
            if colour[name] == WHITE:
                dfs(name)

    def _schedule(self):
        started = []
        remaining = list(self.specs)
        while remaining:
            name = next(n for n in remaining
                        if set(self.specs[n]["requires"]) <= set(started))
            remaining.remove(name)
            started.append(name)
        return started

    def start(self, ctx=None):
        if self.running:
            raise RuntimeError("registry already started")
        self._validate()
        for name in self._schedule():
            try:
                self.objects[name] = self.specs[name]["factory"](ctx)
            except Exception:
                self._teardown()
                raise
            self.order.append(name)
        self.running = True
        return list(self.order)

    def _teardown(self):
        while self.order:
            obj = self.objects.pop(self.order.pop())
            closer = getattr(obj, "close", None)
            if closer:
                closer()
        self.objects.clear()

    def get(self, name):
        return self.objects[name]

    def stop(self):
        self._teardown()
        self.running = False
