"""Bounded LRU cache whose entries expire after a number of logical clock ticks."""
from collections import OrderedDict


def _check_positive(name, value):
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")


class TTLCache:
    def __init__(self, capacity, ttl):
        _check_positive("capacity", capacity)
        _check_positive("ttl", ttl)
        self.capacity = capacity
        self.ttl = ttl
        self._clock = 0
        self._data = OrderedDict()  # key -> (value, expires_at), least recently used first

    @property
    def now(self):
        return self._clock

    def tick(self, n=1):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"tick count must be a non-negative integer, got {n!r}")
        self._clock += n

    def _expired(self, key):
        return self._data[key][1] <= self._clock

    def get(self, key, default=None):
        if key not in self._data:
            return default
        if self._expired(key):
            del self._data[key]
            return default
        self._data.move_to_end(key)
        return self._data[key][0]

    def put(self, key, value):
        if key in self._data:
            del self._data[key]
        elif len(self._data) >= self.capacity:
            self.purge()
            if len(self._data) >= self.capacity:
                self._data.popitem(last=False)
        self._data[key] = (value, self._clock + self.ttl)

    def purge(self):
        dead = [key for key in self._data if self._expired(key)]
        for key in dead:
            del self._data[key]
        return len(dead)

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data and not self._expired(key)
