from toposort import topo_sort


def test_sink_nodes_included():
    assert sorted(topo_sort({"a": ["z", "y"]})) == ["a", "y", "z"]
