"""Plugin registry using Kahn's algorithm with a heap keyed by registration index."""
import heapq


class MissingDependency(KeyError):
    def __init__(self, name):
        super().__init__(name)
        self.name = name


class DependencyCycle(RuntimeError):
    def __init__(self, cycle):
        super().__init__(f"cycle between {sorted(map(str, cycle))}")
        self.cycle = cycle


class Registry:
    def __init__(self):
        self._index = {}
        self._entries = []  # (name, factory, requires)
        self._live = None  # list of (name, object) while started

    def register(self, name, factory, requires=()):
        if name in self._index:
            raise ValueError(f"{name} registered twice")
        self._index[name] = len(self._entries)
        self._entries.append((name, factory, tuple(requires)))

    def _topological(self):
        dependents = {name: [] for name in self._index}
        missing_count = {}
        for name, _, requires in self._entries:
            for req in requires:
                if req not in self._index:
                    raise MissingDependency(req)
                dependents[req].append(name)
            missing_count[name] = len(set(requires))
        heap = [self._index[n] for n, c in missing_count.items() if c == 0]
        heapq.heapify(heap)
        order = []
        while heap:
            name = self._entries[heapq.heappop(heap)][0]
            order.append(name)
            for dep in dict.fromkeys(dependents[name]):
                missing_count[dep] -= 1
                if missing_count[dep] == 0:
                    heapq.heappush(heap, self._index[dep])
        if len(order) < len(self._entries):
            raise DependencyCycle(self._cycle(set(self._index) - set(order)))
        return order

    def _cycle(self, leftover):
        node = min(leftover, key=self._index.get)
        seen = []
        while node not in seen:
            seen.append(node)
            requires = self._entries[self._index[node]][2]
            node = min((r for r in requires if r in leftover), key=self._index.get)
        return seen[seen.index(node):]

    def start(self, ctx=None):
        if self._live is not None:
            raise RuntimeError("start() called twice")
        order = self._topological()
        live = []
        try:
            for name in order:
                factory = self._entries[self._index[name]][1]
                live.append((name, factory(ctx)))
        except Exception:
            self._close_all(live)
            raise
        self._live = live
        return [name for name, _ in live]

    @staticmethod
    def _close_all(live):
        for _, obj in reversed(live):
            close = getattr(obj, "close", None)
            if callable(close):
                close()

    def get(self, name):
        for plugin_name, obj in self._live or ():
            if plugin_name == name:
                return obj
        raise KeyError(name)

    def stop(self):
        if self._live is not None:
            self._close_all(self._live)
        self._live = None
