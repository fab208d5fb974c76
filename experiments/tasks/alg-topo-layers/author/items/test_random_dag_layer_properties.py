import random

from layering import layers


def test_random_dag_layer_properties():
    rng = random.Random(42)
    for _ in range(100):
        n = rng.randint(1, 10)
        graph = {i: [j for j in range(i + 1, n) if rng.random() < 0.3] for i in range(n)}
        result = layers(graph)
        level = {node: k for k, layer in enumerate(result) for node in layer}
        assert sum(len(layer) for layer in result) == n == len(level)
        assert all(layer for layer in result)
        for u, vs in graph.items():
            for v in vs:
                assert level[u] < level[v], (graph, result)
