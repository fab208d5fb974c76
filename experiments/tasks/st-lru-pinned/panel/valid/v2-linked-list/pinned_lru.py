"""Pinnable LRU cache on a circular doubly linked list; eviction walks past pinned nodes."""


class CacheFullError(RuntimeError):
    pass


class _Node:
    __slots__ = ("key", "value", "pinned", "prev", "next")

    def __init__(self, key=None, value=None):
        self.key = key
        self.value = value
        self.pinned = False
        self.prev = self.next = None


class PinnedLRU:
    def __init__(self, capacity):
        if isinstance(capacity, bool) or not isinstance(capacity, int):
            raise ValueError("capacity must be an integer")
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._nodes = {}
        self._root = _Node()  # sentinel: root.next is the LRU node, root.prev the MRU node
        self._root.prev = self._root.next = self._root

    def _unlink(self, node):
        node.prev.next = node.next
        node.next.prev = node.prev

    def _push_mru(self, node):
        last = self._root.prev
        node.prev, node.next = last, self._root
        last.next = node
        self._root.prev = node

    def get(self, key, default=None):
        node = self._nodes.get(key)
        if node is None:
            return default
        self._unlink(node)
        self._push_mru(node)
        return node.value

    def peek(self, key, default=None):
        node = self._nodes.get(key)
        return default if node is None else node.value

    def put(self, key, value):
        node = self._nodes.get(key)
        if node is not None:
            node.value = value
            self._unlink(node)
            self._push_mru(node)
            return
        if len(self._nodes) >= self.capacity:
            victim = self._root.next
            while victim is not self._root and victim.pinned:
                victim = victim.next
            if victim is self._root:
                raise CacheFullError("every entry is pinned; cannot insert %r" % (key,))
            self._unlink(victim)
            del self._nodes[victim.key]
        node = _Node(key, value)
        self._nodes[key] = node
        self._push_mru(node)

    def _node(self, key):
        if key not in self._nodes:
            raise KeyError(key)
        return self._nodes[key]

    def pin(self, key):
        self._node(key).pinned = True

    def unpin(self, key):
        self._node(key).pinned = False

    def is_pinned(self, key):
        return key in self._nodes and self._nodes[key].pinned

    def delete(self, key):
        node = self._nodes.pop(key, None)
        if node is None:
            return False
        self._unlink(node)
        return True

    def __len__(self):
        return len(self._nodes)

    def __contains__(self, key):
        return key in self._nodes
