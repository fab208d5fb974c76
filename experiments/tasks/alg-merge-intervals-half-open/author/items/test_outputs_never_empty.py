import random

from spans import merge_half_open


def test_outputs_never_empty():
    rng = random.Random(42)
    for _ in range(300):
        data = []
        for _ in range(rng.randint(1, 5)):
            s = rng.randint(0, 10)
            data.append([s, s + rng.randint(0, 3)])
        out = merge_half_open(data)
        assert all(s < e for s, e in out), (data, out)
        assert all(a[1] <= b[0] for a, b in zip(out, out[1:])), (data, out)
