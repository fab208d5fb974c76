from toposort import topo_sort


def test_order():
    assert topo_sort({"b": ["a"], "c": []}) == ["b", "a", "c"]
