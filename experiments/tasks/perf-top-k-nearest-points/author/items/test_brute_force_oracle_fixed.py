import random

from nearest import k_nearest


def _brute_force_nearest(pts, target, k):
    def dist2(i):
        return (pts[i][0] - target[0]) ** 2 + (pts[i][1] - target[1]) ** 2

    return [pts[i] for i in sorted(range(len(pts)), key=lambda i: (dist2(i), i))][:k]


def test_brute_force_oracle():
    rng = random.Random(3)
    pts = [(rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(40)]
    assert k_nearest(pts, (0, 0), 10) == _brute_force_nearest(pts, (0, 0), 10)
