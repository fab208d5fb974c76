import copy

from layering import layers


def test_graph_not_mutated():
    graph = {"a": ["b", "c"], "b": ["c"], "c": []}
    before = copy.deepcopy(graph)
    layers(graph)
    assert graph == before
