import random

from rle import decode, encode


def test_random_round_trip_check():
    rng = random.Random(42)
    for _ in range(200):
        text = "".join(rng.choice("ab -\n") * rng.randint(1, 25) for _ in range(rng.randint(0, 6)))
        assert decode(encode(text)) == text, text
