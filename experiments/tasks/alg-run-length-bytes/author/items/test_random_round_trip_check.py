import random

from byte_rle import decode, encode


def test_random_round_trip_check():
    rng = random.Random(42)
    for _ in range(100):
        data = b"".join(bytes([rng.randint(0, 3)]) * rng.randint(1, 600)
                        for _ in range(rng.randint(0, 4)))
        assert decode(encode(data)) == data
