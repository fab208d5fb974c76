from toposort import topo_sort


def test_instruction_example():
    assert topo_sort({"b": ["a"], "c": []}) == ["b", "a", "c"]
