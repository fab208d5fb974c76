"""TTL cache that keeps a heap of deadlines so purge() only visits expired rows."""
import heapq
import itertools


class TTLCache:
    def __init__(self, capacity, ttl):
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
            raise ValueError("TTLCache: capacity must be a positive int")
        if isinstance(ttl, bool) or not isinstance(ttl, int) or ttl < 1:
            raise ValueError("TTLCache: ttl must be a positive int")
        self.capacity = capacity
        self.ttl = ttl
        self._now = 0
        self._seq = itertools.count()
        self._values = {}  # key -> value
        self._deadline = {}  # key -> (deadline, version)
        self._recency = {}  # key -> sequence number of the last use
        self._heap = []  # (deadline, version, key); rows of replaced entries are skipped

    @property
    def now(self):
        return self._now

    def tick(self, n=1):
        if n < 0:
            raise ValueError("tick() needs n >= 0")
        self._now += n

    def _alive(self, key):
        return key in self._values and self._deadline[key][0] > self._now

    def _drop(self, key):
        del self._values[key], self._deadline[key], self._recency[key]

    def get(self, key, default=None):
        if key in self._values and not self._alive(key):
            self._drop(key)
        if key not in self._values:
            return default
        self._recency[key] = next(self._seq)
        return self._values[key]

    def put(self, key, value):
        if key not in self._values and len(self._values) >= self.capacity:
            self.purge()
            if len(self._values) >= self.capacity:
                self._drop(min(self._recency, key=self._recency.get))
        version = next(self._seq)
        self._values[key] = value
        self._recency[key] = version
        self._deadline[key] = (self._now + self.ttl, version)
        heapq.heappush(self._heap, (self._now + self.ttl, version, key))

    def purge(self):
        removed = 0
        while self._heap and self._heap[0][0] <= self._now:
            deadline, version, key = heapq.heappop(self._heap)
            if self._deadline.get(key) == (deadline, version):
                self._drop(key)
                removed += 1
        return removed

    def __len__(self):
        return sum(1 for k in self._values if self._alive(k))

    def __contains__(self, key):
        return self._alive(key)
