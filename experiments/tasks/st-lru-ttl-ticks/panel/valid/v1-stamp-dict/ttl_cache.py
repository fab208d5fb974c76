"""TTL cache on a plain dict; each entry records its value, deadline and last use."""


class TTLCache:
    def __init__(self, capacity, ttl):
        if type(capacity) is not int or capacity < 1:
            raise ValueError("capacity must be >= 1")
        if type(ttl) is not int or ttl < 1:
            raise ValueError("ttl must be >= 1")
        self.capacity, self.ttl = capacity, ttl
        self.now = 0
        self._uses = 0
        self._entries = {}  # key -> [value, deadline, last_use]

    def tick(self, n=1):
        if type(n) is not int or n < 0:
            raise ValueError("cannot move the clock backwards")
        self.now += n

    def _live(self, key):
        entry = self._entries.get(key)
        return entry is not None and self.now < entry[1]

    def _use(self):
        self._uses += 1
        return self._uses

    def get(self, key, default=None):
        if not self._live(key):
            self._entries.pop(key, None)
            return default
        entry = self._entries[key]
        entry[2] = self._use()
        return entry[0]

    def put(self, key, value):
        if key not in self._entries and len(self._entries) >= self.capacity:
            self.purge()
            if len(self._entries) >= self.capacity:
                victim = min(self._entries, key=lambda k: self._entries[k][2])
                del self._entries[victim]
        self._entries[key] = [value, self.now + self.ttl, self._use()]

    def purge(self):
        dead = [k for k in self._entries if not self._live(k)]
        for k in dead:
            del self._entries[k]
        return len(dead)

    def __len__(self):
        return sum(1 for k in self._entries if self._live(k))

    def __contains__(self, key):
        return self._live(key)
