"""TTL cache storing write times; counting the entries also drops the expired ones."""
from collections import OrderedDict


class TTLCache:
    def __init__(self, capacity, ttl):
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
            raise ValueError(f"bad capacity {capacity!r}")
        if isinstance(ttl, bool) or not isinstance(ttl, int) or ttl < 1:
            raise ValueError(f"bad ttl {ttl!r}")
        self.capacity = capacity
        self.ttl = ttl
        self.now = 0
        self._od = OrderedDict()  # key -> (written_at, value), least recently used first

    def tick(self, n=1):
        if n < 0:
            raise ValueError("negative tick")
        self.now += n

    def _fresh(self, written_at):
        return self.now - written_at < self.ttl

    def get(self, key, default=None):
        item = self._od.get(key)
        if item is None:
            return default
        if not self._fresh(item[0]):
            del self._od[key]
            return default
        self._od.move_to_end(key)
        return item[1]

    def put(self, key, value):
        self._od.pop(key, None)
        if len(self._od) >= self.capacity:
            self.purge()
        if len(self._od) >= self.capacity:
            self._od.popitem(last=False)
        self._od[key] = (self.now, value)

    def purge(self):
        stale = [k for k, (written, _) in self._od.items() if not self._fresh(written)]
        for k in stale:
            del self._od[k]
        return len(stale)

    def __len__(self):
        self.purge()
        return len(self._od)

    def __contains__(self, key):
        item = self._od.get(key)
        return item is not None and self._fresh(item[0])
