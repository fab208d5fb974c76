import itertools
import random

from toposort import topo_sort


def smallest_order(graph):
    nodes = sorted(set(graph).union(*graph.values())) if graph else []
    for candidate in itertools.permutations(nodes):
        index = {node: i for i, node in enumerate(candidate)}
        if all(index[a] < index[b] for a, targets in graph.items() for b in targets):
            return list(candidate)
    return None


def test_matches_brute_force_check():
    rng = random.Random(2024)
    for _ in range(50):
        names = rng.sample("pqrstu", rng.randint(1, 6))
        graph = {name: [] for name in names}
        for i, source in enumerate(names):
            for target in names[i + 1 :]:
                if rng.random() < 0.35:
                    graph[source].append(target)
        assert topo_sort(graph) == smallest_order(graph), graph
