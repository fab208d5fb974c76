"""Layers by repeatedly peeling off the nodes with no predecessor left."""


class MissingNodeError(KeyError):
    pass


class CycleError(ValueError):
    def __init__(self, remaining):
        super().__init__("cycle; unplaced: " + ", ".join(map(str, remaining)))
        self.remaining = remaining


def layers(graph):
    missing = [v for vs in graph.values() for v in vs if v not in graph]
    if missing:
        raise MissingNodeError(missing[0])
    left = set(graph)
    out = []
    while left:
        has_pred = {v for u in left for v in graph[u]}
        layer = sorted(left - has_pred)
        if not layer:
            raise CycleError(sorted(left))
        out.append(layer)
        left.difference_update(layer)
    return out
