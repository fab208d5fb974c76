import random

from intervals import merge


def brute_force(intervals):
    # Work on doubled coordinates so that (2, 3) and (4, 6) keep the gap between 3 and 4.
    points = sorted({x for lo, hi in intervals for x in range(2 * lo, 2 * hi + 1)})
    runs = []
    for x in points:
        if runs and runs[-1][1] == x - 1:
            runs[-1][1] = x
        else:
            runs.append([x, x])
    return [(lo // 2, hi // 2) for lo, hi in runs]


def test_covers_same_points():
    rng = random.Random(42)
    for _ in range(300):
        data = [tuple(sorted(rng.sample(range(25), 2))) for _ in range(rng.randint(1, 6))]
        assert merge(data) == brute_force(data), data
