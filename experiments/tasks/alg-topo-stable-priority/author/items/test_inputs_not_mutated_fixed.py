import copy

from priority_order import order


def test_inputs_not_mutated():
    nodes = ["c", "b", "a"]
    edges = [("a", "c"), ("b", "a")]
    before = copy.deepcopy((nodes, edges))
    order(nodes, edges)
    assert (nodes, edges) == before
