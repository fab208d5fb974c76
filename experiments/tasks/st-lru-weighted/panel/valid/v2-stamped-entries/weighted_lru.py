"""Weighted LRU cache: entries carry use stamps; eviction picks the smallest stamp."""
import itertools


class WeightedLRU:
    def __init__(self, max_weight, on_evict=None):
        if isinstance(max_weight, bool) or not isinstance(max_weight, int) or max_weight <= 0:
            raise ValueError(f"invalid max_weight: {max_weight!r}")
        self.max_weight = max_weight
        self._callback = on_evict
        self._clock = itertools.count()
        self._values = {}
        self._weights = {}
        self._stamps = {}
        self.total_weight = 0

    def get(self, key, default=None):
        if key not in self._values:
            return default
        self._stamps[key] = next(self._clock)
        return self._values[key]

    def _remove(self, key):
        self.total_weight -= self._weights.pop(key)
        del self._stamps[key]
        return self._values.pop(key)

    def put(self, key, value, weight=1):
        if isinstance(weight, bool) or not isinstance(weight, int) or weight <= 0:
            raise ValueError(f"invalid weight: {weight!r}")
        if weight > self.max_weight:
            raise ValueError(f"{key!r} weighs {weight}, more than the cache can hold")
        if key in self._values:
            self._remove(key)
        while self.total_weight + weight > self.max_weight:
            victim = min(self._stamps, key=self._stamps.__getitem__)
            evicted = self._remove(victim)
            if self._callback is not None:
                self._callback(victim, evicted)
        self._values[key] = value
        self._weights[key] = weight
        self._stamps[key] = next(self._clock)
        self.total_weight += weight

    def delete(self, key):
        if key not in self._values:
            raise KeyError(key)
        return self._remove(key)

    def keys(self):
        return sorted(self._stamps, key=self._stamps.__getitem__)

    def __len__(self):
        return len(self._values)

    def __contains__(self, key):
        return key in self._values
