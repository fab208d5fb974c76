"""LRU cache using plain dict insertion order: a use pops and re-inserts the key."""

_MISSING = object()


class LRUCache:
    def __init__(self, capacity):
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
            raise ValueError("LRUCache capacity out of range")
        self.capacity = capacity
        self._d = {}
        self._n = {"hits": 0, "misses": 0, "evictions": 0}

    def get(self, key, default=None):
        value = self._d.pop(key, _MISSING)
        if value is _MISSING:
            self._n["misses"] += 1
            return default
        self._d[key] = value
        self._n["hits"] += 1
        return value

    def put(self, key, value):
        if self._d.pop(key, _MISSING) is _MISSING:
            while len(self._d) >= self.capacity:
                del self._d[next(iter(self._d))]
                self._n["evictions"] += 1
        self._d[key] = value

    def __len__(self):
        return len(self._d)

    def __contains__(self, key):
        return key in self._d

    def keys(self):
        return list(self._d.keys())

    def stats(self):
        return dict(self._n, capacity=self.capacity)
