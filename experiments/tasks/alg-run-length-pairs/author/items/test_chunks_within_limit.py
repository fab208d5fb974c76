import random

from rle_pairs import decode, encode


def test_chunks_within_limit():
    rng = random.Random(42)
    for _ in range(200):
        text = "".join(rng.choice("xy") * rng.randint(1, 20) for _ in range(rng.randint(1, 5)))
        m = rng.randint(1, 6)
        pairs = encode(text, m)
        assert all(1 <= n <= m for _, n in pairs), (text, m, pairs)
        for (c1, n1), (c2, _) in zip(pairs, pairs[1:]):
            assert c1 != c2 or n1 == m, (text, m, pairs)
        assert decode(pairs) == text
