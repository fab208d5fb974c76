import random

from spans import merge_half_open


def brute_force(intervals):
    groups = [(s, e) for s, e in intervals if s < e]
    merged = True
    while merged:
        merged = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                (a, b), (c, d) = groups[i], groups[j]
                if max(a, c) < min(b, d):
                    groups[i] = (min(a, c), max(b, d))
                    del groups[j]
                    merged = True
                    break
            if merged:
                break
    return sorted([s, e] for s, e in groups)


def test_matches_overlap_components():
    rng = random.Random(42)
    for _ in range(300):
        data = []
        for _ in range(rng.randint(1, 6)):
            s = rng.randint(0, 12)
            data.append([s, s + rng.randint(0, 4)])
        assert merge_half_open(data) == brute_force(data), data
