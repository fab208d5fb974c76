"""LRU cache on a hand-rolled doubly linked list with sentinel nodes."""


class _Node:
    __slots__ = ("key", "value", "prev", "next")

    def __init__(self, key=None, value=None):
        self.key, self.value = key, value
        self.prev = self.next = None


class LRUCache:
    def __init__(self, capacity):
        if not isinstance(capacity, int) or isinstance(capacity, bool):
            raise ValueError("capacity must be an int")
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._map = {}
        self._head, self._tail = _Node(), _Node()  # head.next is the LRU entry
        self._head.next, self._tail.prev = self._tail, self._head
        self._counts = {"hits": 0, "misses": 0, "evictions": 0}

    def _unlink(self, node):
        node.prev.next, node.next.prev = node.next, node.prev

    def _append(self, node):
        last = self._tail.prev
        last.next = node
        node.prev, node.next = last, self._tail
        self._tail.prev = node

    def get(self, key, default=None):
        node = self._map.get(key)
        if node is None:
            self._counts["misses"] += 1
            return default
        self._counts["hits"] += 1
        self._unlink(node)
        self._append(node)
        return node.value

    def put(self, key, value):
        node = self._map.get(key)
        if node is not None:
            node.value = value
            self._unlink(node)
            self._append(node)
            return
        if len(self._map) >= self.capacity:
            lru = self._head.next
            self._unlink(lru)
            del self._map[lru.key]
            self._counts["evictions"] += 1
        node = _Node(key, value)
        self._map[key] = node
        self._append(node)

    def __len__(self):
        return len(self._map)

    def __contains__(self, key):
        return key in self._map

    def keys(self):
        out, node = [], self._head.next
        while node is not self._tail:
            out.append(node.key)
            node = node.next
        return out

    def stats(self):
        return self._counts.copy()
