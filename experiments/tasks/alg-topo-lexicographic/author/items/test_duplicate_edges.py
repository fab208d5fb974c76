from toposort import topo_sort


def test_duplicate_edges():
    assert topo_sort({"a": ["b", "b"], "b": []}) == ["a", "b"]
