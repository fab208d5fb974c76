"""Weighted LRU cache; total_weight is recomputed from the entries on demand."""

_NONE = object()


class WeightedLRU:
    def __init__(self, max_weight, on_evict=None):
        if type(max_weight) is not int or max_weight < 1:
            raise ValueError("max_weight must be >= 1")
        self.max_weight = max_weight
        self.on_evict = on_evict
        self._entries = {}  # dict order is recency order: key -> (value, weight)

    @property
    def total_weight(self):
        return sum(w for _, w in self._entries.values())

    def get(self, key, default=None):
        entry = self._entries.pop(key, _NONE)
        if entry is _NONE:
            return default
        self._entries[key] = entry
        return entry[0]

    def put(self, key, value, weight=1):
        if type(weight) is not int or weight < 1:
            raise ValueError("weight must be >= 1")
        if weight > self.max_weight:
            raise ValueError("entry is too heavy for this cache")
        self._entries.pop(key, None)
        while self.total_weight + weight > self.max_weight:
            oldest = next(iter(self._entries))
            old_value, _ = self._entries.pop(oldest)
            if self.on_evict:
                self.on_evict(oldest, old_value)
        self._entries[key] = (value, weight)

    def delete(self, key):
        return self._entries.pop(key)[0]

    def keys(self):
        return list(self._entries)

    def __len__(self):
        return len(self._entries)

    def __contains__(self, key):
        return key in self._entries
