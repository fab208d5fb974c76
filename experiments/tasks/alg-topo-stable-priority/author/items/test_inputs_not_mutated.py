from priority_order import order


def test_inputs_not_mutated(frozen_inputs):
    nodes, edges = frozen_inputs
    order(nodes, edges)
    assert nodes == ["c", "b", "a"]
