from toposort import topo_sort


def test_respects_edges_check():
    graph = {"shirt": ["tie"], "tie": ["jacket"], "socks": ["shoes"], "pants": ["shoes"]}
    order = topo_sort(graph)
    pos = {n: i for i, n in enumerate(order)}
    assert all(pos[u] < pos[v] for u, vs in graph.items() for v in vs)
