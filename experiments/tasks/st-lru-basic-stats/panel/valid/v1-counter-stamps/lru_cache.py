"""LRU cache that stamps every use with a counter and evicts the smallest stamp."""
import itertools


class LRUCache:
    def __init__(self, capacity):
        if type(capacity) is not int or capacity <= 0:
            raise ValueError("invalid capacity")
        self.capacity = capacity
        self._entries = {}  # key -> [value, stamp]
        self._clock = itertools.count()
        self._hits = self._misses = self._evictions = 0

    def _touch(self, key):
        self._entries[key][1] = next(self._clock)

    def get(self, key, default=None):
        entry = self._entries.get(key)
        if entry is None:
            self._misses += 1
            return default
        self._hits += 1
        self._touch(key)
        return entry[0]

    def put(self, key, value):
        if key in self._entries:
            self._entries[key][0] = value
            self._touch(key)
            return
        if len(self._entries) == self.capacity:
            oldest = min(self._entries, key=lambda k: self._entries[k][1])
            del self._entries[oldest]
            self._evictions += 1
        self._entries[key] = [value, next(self._clock)]

    def __len__(self):
        return len(self._entries)

    def __contains__(self, key):
        return key in self._entries

    def keys(self):
        return sorted(self._entries, key=lambda k: self._entries[k][1])

    def stats(self):
        return {"hits": self._hits, "misses": self._misses,
                "evictions": self._evictions, "size": len(self._entries)}
