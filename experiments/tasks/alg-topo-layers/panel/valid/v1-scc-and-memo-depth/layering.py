"""Layers via Tarjan's SCCs (cycle detection) and memoised longest-path depth."""
import sys


class MissingNodeError(KeyError):
    pass


class CycleError(ValueError):
    def __init__(self, remaining):
        super().__init__("graph is cyclic")
        self.remaining = remaining


def _cyclic_nodes(graph):
    index, low, stack, on_stack, out = {}, {}, [], set(), set()
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph[v]:
                out.update(comp)

    for v in graph:
        if v not in index:
            strong(v)
    return out


def layers(graph):
    for u, succs in graph.items():
        for v in succs:
            if v not in graph:
                raise MissingNodeError(v, "is not a key of the graph")
    sys.setrecursionlimit(max(1000, 4 * len(graph) + 100))
    bad = _cyclic_nodes(graph)
    todo = list(bad)
    while todo:
        u = todo.pop()
        for v in graph[u]:
            if v not in bad:
                bad.add(v)
                todo.append(v)
    if bad:
        raise CycleError(sorted(bad))
    preds = {n: [] for n in graph}
    for u, succs in graph.items():
        for v in succs:
            preds[v].append(u)
    depth = {}

    def level(n):
        if n not in depth:
            depth[n] = 1 + max((level(p) for p in preds[n]), default=-1)
        return depth[n]

    buckets = {}
    for n in graph:
        buckets.setdefault(level(n), []).append(n)
    return [sorted(buckets[k]) for k in range(len(buckets))]
