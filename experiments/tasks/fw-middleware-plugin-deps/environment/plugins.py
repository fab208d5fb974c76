"""Plugin registry that starts plugins in dependency order."""


class MissingDependency(Exception):
    def __init__(self, name):
        super().__init__(f"required plugin {name!r} is not registered")
        self.name = name


class DependencyCycle(Exception):
    def __init__(self, cycle):
        super().__init__("dependency cycle: " + " -> ".join(map(str, cycle)))
        self.cycle = cycle


class Registry:
    def __init__(self):
        self._plugins = {}  # name -> (factory, requires), in registration order
        self._instances = {}
        self._started = []
        self._running = False

    def register(self, name, factory, requires=()):
        if name in self._plugins:
            raise ValueError(f"plugin {name!r} is already registered")
        self._plugins[name] = (factory, tuple(requires))

    def _find_cycle(self, pending):
        waiting = set(pending)
        path, position = [], {}
        node = pending[0]
        while node not in position:
            position[node] = len(path)
            path.append(node)
            node = next(r for r in self._plugins[node][1] if r in waiting)
        return path[position[node]:]

    def _order(self):
        for _, requires in self._plugins.values():
            for required in requires:
                if required not in self._plugins:
                    raise MissingDependency(required)
        order, done = [], set()
        pending = list(self._plugins)
        while pending:
            ready = sorted(n for n in pending if all(r in done for r in self._plugins[n][1]))
            if not ready:
                raise DependencyCycle(self._find_cycle(pending))
            name = ready[0]
            pending.remove(name)
            done.add(name)
            order.append(name)
        return order

    def _close(self, names):
        for name in reversed(names):
            close = getattr(self._instances[name], "close", None)
            if close is not None:
                close()

    def start(self, ctx=None):
        if self._running:
            raise RuntimeError("registry is already started")
        order = self._order()
        started = []
        try:
            for name in order:
                self._instances[name] = self._plugins[name][0](ctx)
                started.append(name)
        except Exception:
            self._close(started)
            self._instances.clear()
            raise
        self._started = started
        self._running = True
        return list(started)

    def get(self, name):
        return self._instances[name]

    def stop(self):
        self._close(self._started)
        self._instances.clear()
        self._started = []
        self._running = False
