"""Plugin registry built on small Plugin records with explicit state."""
from dataclasses import dataclass, field
from typing import Any, Callable, Tuple


class MissingDependency(Exception):
    def __init__(self, name, needed_by=None):
        super().__init__(f"{needed_by!r} needs unregistered plugin {name!r}")
        self.name = name
        self.needed_by = needed_by


class DependencyCycle(Exception):
    def __init__(self, cycle):
        super().__init__(cycle)
        self.cycle = cycle


@dataclass
class Plugin:
    name: Any
    factory: Callable
    requires: Tuple
    seq: int
    instance: Any = field(default=None, repr=False)
    started: bool = False


class Registry:
    def __init__(self):
        self.plugins = {}
        self.history = []  # start order of the current run
        self.active = False

    def register(self, name, factory, requires=()):
        if name in self.plugins:
            raise ValueError(f"cannot register {name!r} twice")
        self.plugins[name] = Plugin(name, factory, tuple(requires), len(self.plugins))

    def _ready(self, plugin, started):
        return all(req in started for req in plugin.requires)

    def _resolve(self):
        for plugin in self.plugins.values():
            for req in plugin.requires:
                if req not in self.plugins:
                    raise MissingDependency(req, plugin.name)
        started, order = set(), []
        todo = sorted(self.plugins.values(), key=lambda p: p.seq)
        while todo:
            ready = [p for p in todo if self._ready(p, started)]
            if not ready:
                raise DependencyCycle(self._a_cycle(todo))
            first = min(ready, key=lambda p: p.seq)
            todo.remove(first)
            started.add(first.name)
            order.append(first)
        return order

    def _a_cycle(self, todo):
        # Every blocked plugin requires another blocked one, so following requirements
        # from any of them must run into a cycle; report it in "required by" order.
        left = {p.name for p in todo}
        node, walk = todo[-1].name, []
        while node not in walk:
            walk.append(node)
            node = next(req for req in self.plugins[node].requires if req in left)
        return walk[walk.index(node):][::-1]

    def start(self, ctx=None):
        if self.active:
            raise RuntimeError("already active")
        order = self._resolve()
        for plugin in order:
            try:
                plugin.instance = plugin.factory(ctx)
            except Exception:
                self.stop()
                raise
            plugin.started = True
            self.history.append(plugin.name)
        self.active = True
        return list(self.history)

    def get(self, name):
        plugin = self.plugins[name]
        if not plugin.started:
            raise KeyError(name)
        return plugin.instance

    def stop(self):
        for name in reversed(self.history):
            plugin = self.plugins[name]
            if hasattr(plugin.instance, "close"):
                plugin.instance.close()
            plugin.started = False
            plugin.instance = None
        self.history = []
        self.active = False
