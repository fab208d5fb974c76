import json

from layering import layers


def test_graph_not_mutated_check():
    graph = {"p": ["q", "r"], "q": ["r"], "r": [], "s": ["p"]}
    frozen = json.dumps(graph, sort_keys=True)
    layers(graph)
    assert json.dumps(graph, sort_keys=True) == frozen
