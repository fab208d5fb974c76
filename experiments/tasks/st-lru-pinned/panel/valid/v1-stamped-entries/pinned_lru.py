"""Pinnable LRU cache: each entry carries its value, a use stamp and a pin flag."""
import itertools


class CacheFullError(Exception):
    pass


class PinnedLRU:
    def __init__(self, capacity):
        if type(capacity) is not int or capacity < 1:
            raise ValueError("capacity must be >= 1")
        self.capacity = capacity
        self._ticks = itertools.count()
        self._entries = {}  # key -> [value, stamp, pinned]

    def _stamp(self, key):
        self._entries[key][1] = next(self._ticks)

    def get(self, key, default=None):
        if key not in self._entries:
            return default
        self._stamp(key)
        return self._entries[key][0]

    def peek(self, key, default=None):
        entry = self._entries.get(key)
        return default if entry is None else entry[0]

    def put(self, key, value):
        if key in self._entries:
            self._entries[key][0] = value
            self._stamp(key)
            return
        if len(self._entries) >= self.capacity:
            candidates = [k for k, e in self._entries.items() if not e[2]]
            if not candidates:
                raise CacheFullError("cache is full of pinned entries")
            del self._entries[min(candidates, key=lambda k: self._entries[k][1])]
        self._entries[key] = [value, next(self._ticks), False]

    def _entry(self, key):
        try:
            return self._entries[key]
        except KeyError:
            raise KeyError(key) from None

    def pin(self, key):
        self._entry(key)[2] = True

    def unpin(self, key):
        self._entry(key)[2] = False

    def is_pinned(self, key):
        entry = self._entries.get(key)
        return bool(entry and entry[2])

    def delete(self, key):
        return self._entries.pop(key, None) is not None

    def __len__(self):
        return len(self._entries)

    def __contains__(self, key):
        return key in self._entries
