"""Group the nodes of a DAG into dependency layers."""


class MissingNodeError(KeyError):
    """A successor is not a key of the graph."""


class CycleError(ValueError):
    def __init__(self, remaining):
        super().__init__(f"cycle among {remaining}")
        self.remaining = remaining


def layers(graph):
    for node in graph:
        for succ in graph[node]:
            if succ not in graph:
                raise MissingNodeError(succ)
    result = []
    while graph:
        targets = {succ for succs in graph.values() for succ in succs}
        layer = sorted(node for node in graph if node not in targets)
        if not layer:
            raise CycleError(sorted(graph))
        for node in layer:
            del graph[node]
        result.append(layer)
    return result
