import itertools
import random

from toposort import topo_sort


def brute_force(graph):
    nodes = sorted(set(graph) | {v for vs in graph.values() for v in vs})
    for perm in itertools.permutations(nodes):
        pos = {n: i for i, n in enumerate(perm)}
        if all(pos[u] < pos[v] for u, vs in graph.items() for v in vs):
            return list(perm)
    return None


def test_matches_brute_force():
    rng = random.Random(42)
    for _ in range(60):
        names = rng.sample("abcdef", rng.randint(1, 6))
        graph = {n: [] for n in names}
        for i, u in enumerate(names):
            for v in names[i + 1:]:
                if rng.random() < 0.3:
                    graph[u].append(v)
        assert topo_sort(graph) == brute_force(graph), graph
