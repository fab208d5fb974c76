import random

from intervals import merge


def test_random_output_disjoint():
    rng = random.Random(42)
    for _ in range(300):
        data = [tuple(sorted(rng.sample(range(20), 2))) for _ in range(rng.randint(1, 5))]
        out = merge(data)
        for (_, end), (start, _) in zip(out, out[1:]):
            assert end < start, (data, out)
