import random

import pytest

from priority_order import CycleError, order


def is_cyclic(nodes, edges):
    succ = {n: [b for a, b in edges if a == n] for n in nodes}

    def reaches(start, target, seen):
        for m in succ[start]:
            if m == target or (m not in seen and reaches(m, target, seen | {m})):
                return True
        return False

    return any(reaches(n, n, set()) for n in nodes)


def test_random_graphs_cycle_iff_cyclic():
    rng = random.Random(42)
    for _ in range(200):
        nodes = list(range(rng.randint(1, 5)))
        edges = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(rng.randint(0, 4))]
        if is_cyclic(nodes, edges):
            with pytest.raises(CycleError):
                order(nodes, edges)
        else:
            result = order(nodes, edges)
            pos = {n: i for i, n in enumerate(result)}
            assert all(pos[a] < pos[b] for a, b in edges)
