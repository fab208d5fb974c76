import random

from marker_rle import decode, encode


def test_random_round_trip_check():
    rng = random.Random(7)
    alphabet = "xy~9;"
    for _ in range(250):
        pieces = [rng.choice(alphabet) * rng.randint(1, 15) for _ in range(rng.randint(0, 5))]
        text = "".join(pieces)
        assert decode(encode(text)) == text, text
