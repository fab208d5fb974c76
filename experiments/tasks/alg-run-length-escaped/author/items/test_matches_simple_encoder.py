import random
from itertools import groupby

from marker_rle import encode


def simple_encode(text):
    out = ""
    for ch, grp in groupby(text):
        n = len(list(grp))
        out += f"~{ch}{n};" if n >= 4 or ch == "~" else ch * n
    return out


def test_matches_simple_encoder():
    rng = random.Random(42)
    for _ in range(300):
        text = "".join(rng.choice("ab~;7") * rng.randint(1, 9) for _ in range(rng.randint(0, 6)))
        assert encode(text) == simple_encode(text), text
