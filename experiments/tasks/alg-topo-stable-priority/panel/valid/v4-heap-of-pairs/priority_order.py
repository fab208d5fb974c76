"""Priority topological order: heap of (index, tiebreak) pairs, predecessor counters."""
import heapq
from collections import defaultdict


class CycleError(ValueError):
    def __init__(self, stuck):
        super().__init__(f"cycle involving {len(stuck)} node(s)")
        self.stuck = stuck


class UnknownNodeError(KeyError):
    def __init__(self, node):
        super().__init__(node)
        self.node = node


def order(nodes, edges):
    nodes = tuple(nodes)
    rank = {}
    for r, node in enumerate(nodes):
        if rank.setdefault(node, r) != r:
            raise ValueError("nodes must be unique")
    children = defaultdict(set)
    for a, b in edges:
        if a not in rank:
            raise UnknownNodeError(a)
        if b not in rank:
            raise UnknownNodeError(b)
        children[rank[a]].add(rank[b])
    waiting = defaultdict(int)
    for kids in children.values():
        for k in kids:
            waiting[k] += 1
    heap = [(r, 0) for r in range(len(nodes)) if waiting[r] == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        r, _ = heapq.heappop(heap)
        out.append(nodes[r])
        for k in children[r]:
            waiting[k] -= 1
            if waiting[k] == 0:
                heapq.heappush(heap, (k, 0))
    if len(out) != len(nodes):
        raise CycleError([n for n in nodes if n not in out])
    return out
