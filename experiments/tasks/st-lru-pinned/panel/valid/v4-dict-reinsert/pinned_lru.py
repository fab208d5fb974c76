"""Pinnable LRU cache using dict insertion order; a use pops and re-inserts the key."""

_ABSENT = object()


class CacheFullError(LookupError):
    """Every stored entry is pinned, so nothing can make room."""


class PinnedLRU:
    def __init__(self, capacity):
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
            raise ValueError("invalid capacity")
        self.capacity = capacity
        self._d = {}  # insertion order is recency order, oldest first
        self._pin = {}  # key -> True for pinned keys

    def get(self, key, default=None):
        value = self._d.pop(key, _ABSENT)
        if value is _ABSENT:
            return default
        self._d[key] = value
        return value

    def peek(self, key, default=None):
        return self._d.get(key, default)

    def put(self, key, value):
        if self._d.pop(key, _ABSENT) is _ABSENT and len(self._d) >= self.capacity:
            victim = next(filter(lambda k: not self._pin.get(k), self._d), _ABSENT)
            if victim is _ABSENT:
                raise CacheFullError(key)
            del self._d[victim]
        self._d[key] = value

    def pin(self, key):
        if key not in self._d:
            raise KeyError(key)
        self._pin[key] = True

    def unpin(self, key):
        if key not in self._d:
            raise KeyError(key)
        self._pin.pop(key, None)

    def is_pinned(self, key):
        return self._pin.get(key, False)

    def delete(self, key):
        self._pin.pop(key, None)
        return self._d.pop(key, _ABSENT) is not _ABSENT

    def __len__(self):
        return len(self._d)

    def __contains__(self, key):
        return key in self._d
