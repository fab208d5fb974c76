"""Bounded least-recently-used cache with hit/miss/eviction statistics."""
from collections import OrderedDict


class LRUCache:
    def __init__(self, capacity):
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
            raise ValueError(f"capacity must be a positive integer, got {capacity!r}")
        self.capacity = capacity
        self._data = OrderedDict()
        self._stats = {"hits": 0, "misses": 0, "evictions": 0}

    def get(self, key, default=None):
        if key in self._data:
            self._data.move_to_end(key)
            self._stats["hits"] += 1
            return self._data[key]
        self._stats["misses"] += 1
        return None

    def put(self, key, value):
        if key in self._data:
            self._data[key] = value
            self._data.move_to_end(key)
            return
        if len(self._data) >= self.capacity:
            self._data.popitem(last=False)
            self._stats["evictions"] += 1
        self._data[key] = value

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def keys(self):
        return list(self._data)

    def stats(self):
        return dict(self._stats)
