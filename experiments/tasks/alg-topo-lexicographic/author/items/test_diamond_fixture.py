from toposort import topo_sort


def test_diamond_fixture(diamond_graph):
    assert topo_sort(diamond_graph) == ["a", "b", "c", "d"]
