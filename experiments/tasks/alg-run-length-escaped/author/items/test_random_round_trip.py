import random

from marker_rle import decode, encode


def test_random_round_trip():
    rng = random.Random(42)
    for _ in range(300):
        text = "".join(rng.choice("ab~1;") * rng.randint(1, 12) for _ in range(rng.randint(0, 6)))
        assert decode(encode(text)) == text, text
