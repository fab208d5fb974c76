"""Weighted LRU cache with a recency list; victims are chosen first, then removed."""


class WeightedLRU:
    def __init__(self, max_weight, on_evict=None):
        if not (isinstance(max_weight, int) and not isinstance(max_weight, bool)):
            raise ValueError("max_weight: integer required")
        if max_weight < 1:
            raise ValueError("max_weight: must be at least 1")
        self.max_weight = max_weight
        self._on_evict = on_evict or (lambda key, value: None)
        self._order = []  # least recently used first
        self._store = {}  # key -> [value, weight]

    @property
    def total_weight(self):
        return sum(entry[1] for entry in self._store.values())

    def get(self, key, default=None):
        if key not in self._store:
            return default
        self._order.remove(key)
        self._order.append(key)
        return self._store[key][0]

    def put(self, key, value, weight=1):
        if not (isinstance(weight, int) and not isinstance(weight, bool)) or weight < 1:
            raise ValueError("weight: positive integer required")
        if weight > self.max_weight:
            raise ValueError(f"weight {weight} > max_weight {self.max_weight}")
        if key in self._store:
            self._order.remove(key)
            del self._store[key]
        free = self.max_weight - self.total_weight
        victims = []
        for old in self._order:
            if free >= weight:
                break
            victims.append(old)
            free += self._store[old][1]
        for old in victims:
            self._order.remove(old)
            old_value, _ = self._store.pop(old)
            self._on_evict(old, old_value)
        self._order.append(key)
        self._store[key] = [value, weight]

    def delete(self, key):
        value, _ = self._store.pop(key)
        self._order.remove(key)
        return value

    def keys(self):
        return list(self._order)

    def __len__(self):
        return len(self._store)

    def __contains__(self, key):
        return key in self._store
