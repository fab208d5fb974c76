import random

from insertion import insert_interval


def test_random_union_invariant():
    rng = random.Random(42)
    for _ in range(300):
        cuts = sorted(rng.sample(range(40), 2 * rng.randint(0, 4)))
        base = [(cuts[k], cuts[k + 1]) for k in range(0, len(cuts), 2)]
        base = [iv for k, iv in enumerate(base) if k == 0 or iv[0] > base[k - 1][1]]
        a = rng.randint(0, 40)
        new = (a, a + rng.randint(0, 15))
        out = insert_interval(base, new)
        for (_, e1), (s2, _) in zip(out, out[1:]):
            assert e1 < s2, (base, new, out)
        for s, e in base + [new]:
            assert any(lo <= s and e <= hi for lo, hi in out), (base, new, out)
