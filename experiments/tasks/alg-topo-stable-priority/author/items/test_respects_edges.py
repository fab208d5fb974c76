from priority_order import order


def test_respects_edges():
    nodes = ["ship", "pack", "make", "paint"]
    edges = [("make", "paint"), ("paint", "pack"), ("pack", "ship")]
    result = order(nodes, edges)
    assert set(result) == set(nodes) and len(result) == len(nodes)
    for before, after in edges:
        assert result.index(before) < result.index(after)
