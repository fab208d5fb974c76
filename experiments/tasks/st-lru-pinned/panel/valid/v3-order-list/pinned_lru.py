"""Pinnable LRU cache with a plain recency list, a value dict and a set of pins."""


class CacheFullError(Exception):
    """No unpinned entry is left to evict."""


class PinnedLRU:
    def __init__(self, capacity):
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity <= 0:
            raise ValueError(f"PinnedLRU capacity must be positive (got {capacity!r})")
        self.capacity = capacity
        self._order = []  # least recently used first
        self._values = {}
        self._pins = set()

    def _touch(self, key):
        self._order.remove(key)
        self._order.append(key)

    def get(self, key, default=None):
        if key in self._values:
            self._touch(key)
            return self._values[key]
        return default

    def peek(self, key, default=None):
        return self._values[key] if key in self._values else default

    def put(self, key, value):
        if key in self._values:
            self._values[key] = value
            self._touch(key)
            return
        if len(self._order) == self.capacity:
            for victim in self._order:
                if victim not in self._pins:
                    break
            else:
                raise CacheFullError("no evictable entry")
            self._order.remove(victim)
            del self._values[victim]
        self._order.append(key)
        self._values[key] = value

    def pin(self, key):
        if key not in self._values:
            raise KeyError(f"{key!r} is not cached")
        self._pins.add(key)

    def unpin(self, key):
        if key not in self._values:
            raise KeyError(f"{key!r} is not cached")
        self._pins.discard(key)

    def is_pinned(self, key):
        return key in self._pins

    def delete(self, key):
        if key not in self._values:
            return False
        self._order.remove(key)
        del self._values[key]
        self._pins.discard(key)
        return True

    def __len__(self):
        return len(self._order)

    def __contains__(self, key):
        return key in self._values
