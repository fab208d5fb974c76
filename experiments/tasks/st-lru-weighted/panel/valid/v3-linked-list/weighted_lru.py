"""Weighted LRU cache on a doubly linked list with head/tail sentinels."""


class _Node:
    __slots__ = ("key", "value", "weight", "prev", "next")

    def __init__(self, key=None, value=None, weight=0):
        self.key, self.value, self.weight = key, value, weight
        self.prev = self.next = None


class WeightedLRU:
    def __init__(self, max_weight, on_evict=None):
        if not isinstance(max_weight, int) or isinstance(max_weight, bool):
            raise ValueError("max_weight must be an int")
        if max_weight < 1:
            raise ValueError("max_weight must be positive")
        self.max_weight = max_weight
        self.on_evict = on_evict
        self.total_weight = 0
        self._map = {}
        self._head, self._tail = _Node(), _Node()  # head.next is least recently used
        self._head.next, self._tail.prev = self._tail, self._head

    def _unlink(self, node):
        node.prev.next, node.next.prev = node.next, node.prev

    def _append(self, node):
        node.prev, node.next = self._tail.prev, self._tail
        self._tail.prev.next = node
        self._tail.prev = node

    def get(self, key, default=None):
        node = self._map.get(key)
        if node is None:
            return default
        self._unlink(node)
        self._append(node)
        return node.value

    def _detach(self, node):
        self._unlink(node)
        del self._map[node.key]
        self.total_weight -= node.weight

    def put(self, key, value, weight=1):
        if not isinstance(weight, int) or isinstance(weight, bool):
            raise ValueError("weight must be an int")
        if not 1 <= weight <= self.max_weight:
            raise ValueError(f"weight must be between 1 and {self.max_weight}")
        if key in self._map:
            self._detach(self._map[key])
        while self.total_weight + weight > self.max_weight:
            victim = self._head.next
            self._detach(victim)
            if self.on_evict is not None:
                self.on_evict(victim.key, victim.value)
        node = _Node(key, value, weight)
        self._map[key] = node
        self._append(node)
        self.total_weight += weight

    def delete(self, key):
        node = self._map[key]
        self._detach(node)
        return node.value

    def keys(self):
        out = []
        node = self._head.next
        while node is not self._tail:
            out.append(node.key)
            node = node.next
        return out

    def __len__(self):
        return len(self._map)

    def __contains__(self, key):
        return key in self._map
