import random

from marker_rle import encode


def test_no_literal_run_of_four():
    rng = random.Random(42)
    for _ in range(300):
        text = "".join(rng.choice("abc") * rng.randint(1, 8) for _ in range(rng.randint(1, 6)))
        out = encode(text)
        for i in range(len(out) - 3):
            assert len(set(out[i:i + 4])) > 1, (text, out)
