from toposort import topo_sort


def test_smallest_ready_first():
    assert topo_sort({"a": ["b"], "c": []}) == ["a", "b", "c"]
