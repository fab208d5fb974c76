"""LRU cache whose entries can be pinned so that eviction skips them."""
from collections import OrderedDict


class CacheFullError(RuntimeError):
    """Raised when a new key cannot be stored because every entry is pinned."""


class PinnedLRU:
    def __init__(self, capacity):
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
            raise ValueError(f"capacity must be a positive integer, got {capacity!r}")
        self.capacity = capacity
        self._data = OrderedDict()  # least recently used first
        self._pinned = set()

    def get(self, key, default=None):
        if key not in self._data:
            return default
        self._data.move_to_end(key)
        return self._data[key]

    def peek(self, key, default=None):
        return self._data.get(key, default)

    def put(self, key, value):
        if key in self._data:
            self._data[key] = value
            self._data.move_to_end(key)
            return
        if len(self._data) >= self.capacity:
            victim = next((k for k in self._data if k not in self._pinned), None)
            if victim is None:
                raise CacheFullError(f"all {self.capacity} entries are pinned")
            del self._data[victim]
        self._data[key] = value

    def pin(self, key):
        if key not in self._data:
            raise KeyError(key)
        self._pinned.add(key)

    def unpin(self, key):
        if key not in self._data:
            raise KeyError(key)
        self._pinned.discard(key)

    def is_pinned(self, key):
        return key in self._pinned

    def delete(self, key):
        if key not in self._data:
            return False
        del self._data[key]
        self._pinned.discard(key)
        return True

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data
