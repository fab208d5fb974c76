import random

from gaps import merge_with_gap


def test_random_gaps_exceed_limit():
    rng = random.Random(42)
    for _ in range(300):
        gap = rng.randint(0, 3)
        data = []
        for _ in range(rng.randint(1, 6)):
            s = rng.randint(0, 30)
            data.append((s, s + rng.randint(0, 5)))
        out = merge_with_gap(data, max_gap=gap)
        for (_, end), (start, _) in zip(out, out[1:]):
            assert start - end > gap, (data, gap, out)
        for s, e in data:
            assert any(lo <= s and e <= hi for lo, hi in out), (data, gap, out)
