import random

from toposort import topo_sort


def test_random_dag_valid_order():
    rng = random.Random(42)
    for _ in range(100):
        n = rng.randint(1, 12)
        graph = {i: [j for j in range(i + 1, n) if rng.random() < 0.25] for i in range(n)}
        order = topo_sort(graph)
        assert sorted(order) == list(range(n))
        pos = {node: k for k, node in enumerate(order)}
        assert all(pos[u] < pos[v] for u, vs in graph.items() for v in vs)
