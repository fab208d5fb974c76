import random

from grid import GridSums


def test_corner_orders_oracle():
    rng = random.Random(1)
    grid = [[rng.randint(0, 9) for _ in range(5)] for _ in range(5)]
    gs = GridSums(grid)
    for _ in range(100):
        q = [rng.randrange(5) for _ in range(4)]
        assert gs.rect(*q) == brute_rect(grid, *q)
