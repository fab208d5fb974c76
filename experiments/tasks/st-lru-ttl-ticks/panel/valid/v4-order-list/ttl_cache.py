"""TTL cache with a recency list of keys and per-key birth times."""


class TTLCache:
    def __init__(self, capacity, ttl):
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity <= 0:
            raise ValueError("capacity")
        if not isinstance(ttl, int) or isinstance(ttl, bool) or ttl <= 0:
            raise ValueError("ttl")
        self.capacity = capacity
        self.ttl = ttl
        self.now = 0
        self._order = []  # keys, least recently used first
        self._store = {}  # key -> (value, born)

    def tick(self, n=1):
        if not isinstance(n, int) or n < 0:
            raise ValueError("n must be a non-negative int")
        self.now = self.now + n

    def _dead(self, key):
        return self.now >= self._store[key][1] + self.ttl

    def _forget(self, key):
        del self._store[key]
        self._order.remove(key)

    def get(self, key, default=None):
        if key not in self._store:
            return default
        if self._dead(key):
            self._forget(key)
            return default
        self._order.remove(key)
        self._order.append(key)
        return self._store[key][0]

    def put(self, key, value):
        if key in self._store:
            self._forget(key)
        elif len(self._store) == self.capacity:
            if self.purge() == 0:
                self._forget(self._order[0])
        self._store[key] = (value, self.now)
        self._order.append(key)

    def purge(self):
        dead = [k for k in self._order if self._dead(k)]
        for k in dead:
            self._forget(k)
        return len(dead)

    def __len__(self):
        return len(self._order) - sum(map(self._dead, self._order))

    def __contains__(self, key):
        return key in self._store and not self._dead(key)
