import json

from toposort import topo_sort


def test_graph_not_mutated_check():
    graph = {"z": ["y", "x"], "y": ["x"]}
    frozen = json.dumps(graph)
    topo_sort(graph)
    assert json.dumps(graph) == frozen
