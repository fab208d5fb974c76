import random

from build_order import build_order


def test_random_dag_order():
    rng = random.Random(42)
    for _ in range(100):
        names = [f"p{i}" for i in range(rng.randint(1, 10))]
        deps = {n: [m for m in names[:i] if rng.random() < 0.3] for i, n in enumerate(names)}
        order = build_order(deps)
        pos = {p: i for i, p in enumerate(order)}
        assert sorted(order) == sorted(names)
        assert all(pos[d] < pos[p] for p, ds in deps.items() for d in ds)
