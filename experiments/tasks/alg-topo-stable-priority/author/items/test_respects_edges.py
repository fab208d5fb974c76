from priority_order import order


def test_respects_edges():
    nodes = ["deploy", "test", "build", "lint"]
    edges = [("build", "test"), ("test", "deploy"), ("lint", "deploy")]
    result = order(nodes, edges)
    pos = {n: i for i, n in enumerate(result)}
    assert sorted(result) == sorted(nodes)
    assert all(pos[a] < pos[b] for a, b in edges)
