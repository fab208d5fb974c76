"""LRU cache bounded by the total weight of its entries."""
from collections import OrderedDict


def _check_weight(name, value):
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")


class WeightedLRU:
    def __init__(self, max_weight, on_evict=None):
        _check_weight("max_weight", max_weight)
        self.max_weight = max_weight
        self._on_evict = on_evict
        self._data = OrderedDict()  # key -> (value, weight), least recently used first
        self._total = 0

    @property
    def total_weight(self):
        return self._total

    def get(self, key, default=None):
        if key not in self._data:
            return default
        self._data.move_to_end(key)
        return self._data[key][0]

    def put(self, key, value, weight=1):
        _check_weight("weight", weight)
        if weight > self.max_weight:
            raise ValueError(f"weight {weight} exceeds max_weight {self.max_weight}")
        if key in self._data:
            _, old_weight = self._data[key]
            self._total += weight - old_weight
            self._data[key] = (value, weight)
            while self._total > self.max_weight:
                old_key = next(k for k in self._data if k != key)
                old_value, old_weight = self._data.pop(old_key)
                self._total -= old_weight
                if self._on_evict is not None:
                    self._on_evict(old_key, old_value)
            return
        while self._total + weight > self.max_weight:
            old_key, (old_value, old_weight) = self._data.popitem(last=False)
            self._total -= old_weight
            if self._on_evict is not None:
                self._on_evict(old_key, old_value)
        self._data[key] = (value, weight)
        self._total += weight

    def delete(self, key):
        value, weight = self._data.pop(key)
        self._total -= weight
        return value

    def keys(self):
        return list(self._data)

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data
