import copy

from toposort import topo_sort


def test_graph_not_mutated():
    graph = {"b": ["c", "a"], "a": ["c"]}
    before = copy.deepcopy(graph)
    topo_sort(graph)
    assert graph == before
