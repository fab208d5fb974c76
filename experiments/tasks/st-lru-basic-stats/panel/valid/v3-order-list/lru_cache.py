"""LRU cache keeping recency in a plain list of keys (simple, O(n) per use)."""


class LRUCache:
    def __init__(self, capacity):
        try:
            ok = int(capacity) == capacity and not isinstance(capacity, (bool, float, str))
        except (TypeError, ValueError):
            ok = False
        if not ok or capacity < 1:
            raise ValueError(f"LRUCache needs capacity >= 1 (got {capacity!r})")
        self.capacity = capacity
        self._values = {}
        self._order = []  # least recent first
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def _use(self, key):
        if key in self._values:
            self._order.remove(key)
        self._order.append(key)

    def get(self, key, default=None):
        if key not in self._values:
            self.misses += 1
            return default
        self.hits += 1
        self._use(key)
        return self._values[key]

    def put(self, key, value):
        if key not in self._values and len(self._order) == self.capacity:
            victim = self._order.pop(0)
            del self._values[victim]
            self.evictions += 1
        self._use(key)
        self._values[key] = value

    def __len__(self):
        return len(self._order)

    def __contains__(self, key):
        return key in self._values

    def keys(self):
        return self._order[:]

    def stats(self):
        return {"evictions": self.evictions, "misses": self.misses, "hits": self.hits}
