import random

from nearest import k_nearest


def test_brute_force_oracle():
    rng = random.Random(3)
    pts = [(rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(40)]
    assert k_nearest(pts, (0, 0), 10) == brute_force_nearest(pts, (0, 0), 10)
